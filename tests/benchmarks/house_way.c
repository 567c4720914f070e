/* The Dealer Station standard house way (resources/house_ways/standard.toml, docs/house-way.md)
 * in plain C: the peer bench_house_way.py measures the product's house way against, on the same
 * hands, checking that both set every hand the same way.
 *
 * Usage: house_way HANDS_FILE OUT_FILE REPEATS
 *   HANDS_FILE: 7 bytes a hand, each a card index 0-52 ((rank - 2) * 4 + suit, spades hearts
 *   diamonds clubs; the joker 52), as dealer_station.cards.Card.index numbers them.
 *   OUT_FILE: 1 byte a hand, bit i set when the hand's i-th card is in the low hand.
 *   Prints "hands N seconds S" (CPU time of the setting loop alone, REPEATS passes over the
 *   hands; the output is the first pass's).
 *
 * The rules, as the product applies them: the joker counts as an ace in pairs and sets
 * (5324.41(c)(1)) and completes straights and flushes (5324.41(c)(3)). The cards are ordered by
 * code (rank * 4 + 3 - suit: rank high to low, spades first within a rank, the joker first);
 * groups of equal rank by count then rank, the joker last among the aces. Each category's plan,
 * then a straight or flush instead when the category's policy and the cards call for it: the one
 * leaving the highest low hand, ties to the higher kind (straight, flush, straight flush), then to
 * the first found in the product's order.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { ACE = 14, JOKER = 15 };
enum { ALWAYS, IF_LOW_NOT_WORSE, NEVER };

typedef struct { int code, rank, suit, pos; } card_t; /* suit -1 for the joker */

/* A low-hand key as the product orders it: (pair?, higher, lower), packed. */
static int low_key(int a, int b) {
    if (a == JOKER) a = ACE;
    if (b == JOKER) b = ACE;
    if (a == b) return (1 << 8) | (a << 4) | a;
    return a > b ? (a << 4) | b : (b << 4) | a;
}

/* A kind key: (0, top) straight, (1, r1..r5) flush, (2, top) straight flush; up to 6 ints. */
typedef struct { int v[6]; } kind_t;

static int kind_cmp(const kind_t *a, const kind_t *b) {
    for (int i = 0; i < 6; i++)
        if (a->v[i] != b->v[i]) return a->v[i] > b->v[i] ? 1 : -1;
    return 0;
}

static const int WINDOWS[10][5] = {
    {14, 2, 3, 4, 5}, {2, 3, 4, 5, 6}, {3, 4, 5, 6, 7}, {4, 5, 6, 7, 8}, {5, 6, 7, 8, 9},
    {6, 7, 8, 9, 10}, {7, 8, 9, 10, 11}, {8, 9, 10, 11, 12}, {9, 10, 11, 12, 13},
    {10, 11, 12, 13, 14}};

/* Straights of a natural rank mask (bit r - 2): top and missing rank (0 when none missing). */
static int straights(int mask, int joker, int tops[10], int missing[10]) {
    int n = 0;
    for (int w = 0; w < 10; w++) {
        int miss = 0, count = 0;
        for (int i = 0; i < 5; i++)
            if (!(mask >> (WINDOWS[w][i] - 2) & 1)) { miss = WINDOWS[w][i]; count++; }
        if (count == 0 || (count == 1 && joker)) { tops[n] = w + 5; missing[n] = miss; n++; }
    }
    return n;
}

static void flush_kind(const card_t *five[5], kind_t *kind) {
    int mask = 0, naturals = 0, distinct = 0, r[5];
    for (int i = 0; i < 5; i++)
        if (five[i]->rank != JOKER) {
            if (!(mask >> (five[i]->rank - 2) & 1)) distinct++;
            mask |= 1 << (five[i]->rank - 2);
            r[naturals++] = five[i]->rank;
        }
    int jokers = 5 - naturals, tops[10], missing[10];
    int n = straights(mask, 1, tops, missing);
    memset(kind, 0, sizeof *kind);
    for (int i = n - 1; i >= 0; i--)
        if ((missing[i] == 0 && distinct == 5) || (missing[i] && jokers)) {
            kind->v[0] = 2; kind->v[1] = tops[i]; return;
        }
    /* naturals high to low, then the joker as an ace */
    for (int i = 1; i < naturals; i++)
        for (int j = i; j > 0 && r[j] > r[j - 1]; j--) { int t = r[j]; r[j] = r[j - 1]; r[j - 1] = t; }
    kind->v[0] = 1;
    for (int i = 0; i < naturals; i++) kind->v[1 + i] = r[i];
    for (int i = naturals; i < 5; i++) kind->v[1 + i] = ACE;
}

typedef struct { int low_key; kind_t kind; int used; int found; } best_t; /* used: position bits */

static void consider(best_t *best, const card_t *c, int used, const kind_t *kind) {
    int rest[2], k = 0;
    for (int i = 0; i < 7; i++) if (!(used >> i & 1)) rest[k++] = c[i].rank;
    int key = low_key(rest[0], rest[1]);
    if (!best->found || key > best->low_key || (key == best->low_key && kind_cmp(kind, &best->kind) > 0)) {
        best->found = 1; best->low_key = key; best->kind = *kind; best->used = used;
    }
}

/* c: the seven cards in code order; returns 1 with the best straight or flush in best. */
static int best_straight_or_flush(const card_t *c, int mask, int has_joker, int flush_suit,
                                  best_t *best) {
    int tops[10], missing[10];
    int n = straights(mask, has_joker, tops, missing);
    best->found = 0;
    for (int s = 0; s < n; s++) {
        const int *window = WINDOWS[tops[s] - 5];
        int first[16];
        for (int r = 0; r < 16; r++) first[r] = -1;
        for (int i = 0; i < 7; i++)
            if (c[i].rank != JOKER && first[c[i].rank] < 0) first[c[i].rank] = i;
        kind_t kind; memset(&kind, 0, sizeof kind); kind.v[1] = tops[s];
        if (missing[s]) {
            int used = 1; /* the joker, first in code order */
            for (int i = 0; i < 5; i++) if (window[i] != missing[s]) used |= 1 << first[window[i]];
            consider(best, c, used, &kind);
        } else {
            int natural = 0;
            for (int i = 0; i < 5; i++) natural |= 1 << first[window[i]];
            consider(best, c, natural, &kind);
            if (has_joker)
                for (int i = 0; i < 5; i++)
                    consider(best, c, (natural & ~(1 << first[window[i]])) | 1, &kind);
        }
    }
    if (flush_suit >= 0) {
        int pool[7], k = 0;
        for (int i = 0; i < 7; i++) if (c[i].suit == flush_suit) pool[k++] = i;
        if (has_joker) pool[k++] = 0;
        for (int a = 0; a < k; a++) for (int b = a + 1; b < k; b++) for (int d = b + 1; d < k; d++)
        for (int e = d + 1; e < k; e++) for (int f = e + 1; f < k; f++) {
            const card_t *five[5] = {&c[pool[a]], &c[pool[b]], &c[pool[d]], &c[pool[e]], &c[pool[f]]};
            kind_t kind;
            flush_kind(five, &kind);
            consider(best, c, 1 << pool[a] | 1 << pool[b] | 1 << pool[d] | 1 << pool[e] | 1 << pool[f],
                     &kind);
        }
    }
    return best->found;
}

/* Groups: positions of each rank (the joker with the aces, last), ordered by count then rank. */
typedef struct { int count, rank, pos[5]; } group_t;

static int plan(const card_t *c, int *policy, int *low_out) {
    group_t groups[8];
    int n = 0;
    int of_rank[16];
    for (int r = 0; r < 16; r++) of_rank[r] = -1;
    for (int i = 0; i < 7; i++) {
        if (c[i].rank == JOKER) continue;
        int r = c[i].rank;
        if (of_rank[r] < 0) { of_rank[r] = n; groups[n].count = 0; groups[n].rank = r; n++; }
        group_t *g = &groups[of_rank[r]];
        g->pos[g->count++] = i;
    }
    if (c[0].rank == JOKER) {
        if (of_rank[ACE] < 0) { of_rank[ACE] = n; groups[n].count = 0; groups[n].rank = ACE; n++; }
        group_t *g = &groups[of_rank[ACE]];
        g->pos[g->count++] = 0;
    }
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && (groups[j].count > groups[j - 1].count ||
                                  (groups[j].count == groups[j - 1].count &&
                                   groups[j].rank > groups[j - 1].rank)); j--) {
            group_t t = groups[j]; groups[j] = groups[j - 1]; groups[j - 1] = t;
        }
    int singles[7], ns = 0, pairs = 0;
    for (int i = 0; i < n; i++) {
        if (groups[i].count == 1) singles[ns++] = groups[i].pos[0];
        if (groups[i].count == 2) pairs++;
    }
    int s1 = ns > 0 ? groups[n - ns].rank : 0, s2 = ns > 1 ? groups[n - ns + 1].rank : 0;
    int low = 0; /* position bits */
    group_t *g0 = &groups[0], *g1 = &groups[1];
    int top = g0->count;
#define BIT(p) (1 << (p))
    if (top == 5) {
        *policy = NEVER;
        int together = n > 1 && g1->count == 2 && g1->rank >= 13;
        if (together) { for (int i = 1; i < n; i++) for (int j = 0; j < groups[i].count; j++) low |= BIT(groups[i].pos[j]); }
        else low = BIT(g0->pos[0]) | BIT(g0->pos[1]);
    } else if (top == 4) {
        *policy = NEVER;
        if (g1->count >= 2) low = BIT(g1->pos[0]) | BIT(g1->pos[1]);
        else {
            int q = g0->rank;
            int together = q <= 6 || (q <= 10 && s1 >= 14) || (q <= 10 && s1 >= 13 && s2 >= 12);
            if (together) low = BIT(singles[0]) | BIT(singles[1]);
            else low = BIT(g0->pos[2]) | BIT(g0->pos[3]);
        }
    } else if (top == 3) {
        if (g1->count == 3) { *policy = NEVER; low = BIT(g0->pos[0]) | BIT(g0->pos[1]); }
        else if (g1->count == 2) {
            *policy = IF_LOW_NOT_WORSE;
            int together = ns >= 2 && g1->rank <= 2 && s1 >= 14 && s2 >= 13;
            /* the rest (groups after the pair) must be two different cards */
            if (together && ns == 2) low = BIT(singles[0]) | BIT(singles[1]);
            else low = BIT(g1->pos[0]) | BIT(g1->pos[1]);
        } else {
            *policy = ALWAYS;
            if (g0->rank >= 14) low = BIT(g0->pos[2]) | BIT(singles[0]);
            else low = BIT(singles[0]) | BIT(singles[1]);
        }
    } else if (top == 2) {
        if (pairs == 3) { *policy = NEVER; low = BIT(g0->pos[0]) | BIT(g0->pos[1]); }
        else if (pairs == 2) {
            *policy = IF_LOW_NOT_WORSE;
            int hp = g0->rank, lp = g1->rank;
            int together = (hp <= 6 && s1 >= 13) || (hp <= 10 && s1 >= 14) ||
                           (hp <= 11 && lp <= 3 && s1 >= 14);
            if (together) low = BIT(singles[0]) | BIT(singles[1]);
            else low = BIT(g1->pos[0]) | BIT(g1->pos[1]);
        } else { *policy = ALWAYS; low = BIT(singles[0]) | BIT(singles[1]); }
    } else { *policy = ALWAYS; low = BIT(singles[1]) | BIT(singles[2]); }
#undef BIT
    *low_out = low;
    return 0;
}

/* Set one hand: the low hand as bits of the input positions. */
static int set_hand(const unsigned char *hand) {
    card_t c[7];
    for (int i = 0; i < 7; i++) {
        int index = hand[i];
        c[i].pos = i;
        if (index == 52) { c[i].rank = JOKER; c[i].suit = -1; c[i].code = 60; }
        else { c[i].rank = index / 4 + 2; c[i].suit = index % 4; c[i].code = c[i].rank * 4 + 3 - c[i].suit; }
    }
    for (int i = 1; i < 7; i++)
        for (int j = i; j > 0 && c[j].code > c[j - 1].code; j--) { card_t t = c[j]; c[j] = c[j - 1]; c[j - 1] = t; }
    int policy, low;
    plan(c, &policy, &low);
    if (policy != NEVER) {
        int mask = 0, suits[4] = {0, 0, 0, 0}, has_joker = c[0].rank == JOKER;
        for (int i = 0; i < 7; i++)
            if (c[i].rank != JOKER) { mask |= 1 << (c[i].rank - 2); suits[c[i].suit]++; }
        int flush_suit = -1;
        for (int s = 0; s < 4; s++) if (suits[s] + has_joker >= 5) flush_suit = s;
        best_t best;
        if (best_straight_or_flush(c, mask, has_joker, flush_suit, &best)) {
            int rest[2], k = 0;
            for (int i = 0; i < 7; i++) if (low >> i & 1) rest[k++] = c[i].rank;
            if (policy == ALWAYS || best.low_key >= low_key(rest[0], rest[1]))
                low = 0x7f & ~best.used;
        }
    }
    int out = 0;
    for (int i = 0; i < 7; i++) if (low >> i & 1) out |= 1 << c[i].pos;
    return out;
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: house_way HANDS_FILE OUT_FILE REPEATS\n"); return 2; }
    FILE *in = fopen(argv[1], "rb");
    if (!in) { perror(argv[1]); return 1; }
    fseek(in, 0, SEEK_END);
    long size = ftell(in);
    fseek(in, 0, SEEK_SET);
    long hands = size / 7;
    unsigned char *data = malloc(size), *out = malloc(hands);
    if (fread(data, 1, size, in) != (size_t)size) { perror("read"); return 1; }
    fclose(in);
    int repeats = atoi(argv[3]);
    struct timespec a, b;
    unsigned sink = 0;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
    for (int r = 0; r < repeats; r++)
        for (long h = 0; h < hands; h++) {
            int low = set_hand(data + 7 * h);
            if (r == 0) out[h] = (unsigned char)low; else sink += low;
        }
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
    FILE *o = fopen(argv[2], "wb");
    if (!o || fwrite(out, 1, hands, o) != (size_t)hands) { perror(argv[2]); return 1; }
    fclose(o);
    double seconds = (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9;
    printf("hands %ld seconds %.6f sink %u\n", hands * repeats, seconds, sink);
    return 0;
}
