/* The Let It Ride base game (NY 5324.34) solved by brute force over all 2,598,960 five-card hands:
 * the peer the analysis benchmark measures `dealer-station paytable --game let-it-ride` against.
 * Same work as the analysis: each hand's category (a pair of tens or better pays, (e)(7)), the
 * sums of the values over the completions of every four- and three-card hand, the riding
 * decisions, the expected return per unit and the units riding per category.
 * Build: gcc -O2 -o let_it_ride_brute let_it_ride_brute.c */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { ROYAL, STRAIGHT_FLUSH, FOUR, FULL_HOUSE, FLUSH, STRAIGHT, THREE, TWO_PAIR, PAIR,
       LOW_PAIR, HIGH_CARD, CATEGORIES };
static const int64_t ODDS[CATEGORIES] = {1000, 200, 50, 11, 8, 5, 3, 2, 1, -1, -1};
static const char *NAMES[CATEGORIES] = {"royal_flush", "straight_flush", "four_of_a_kind",
    "full_house", "flush", "straight", "three_of_a_kind", "two_pair", "pair",
    "pair_below_tens", "high_card"};

static int64_t C[53][6];
static int64_t sum4[270725], sum3[22100], best3[22100];
static unsigned char ride4[270725], ride3[22100];

static int category(const int *c) {
    int counts[13] = {0}, mask = 0, flush = 1;
    for (int i = 0; i < 5; i++) {
        counts[c[i] >> 2]++;
        mask |= 1 << (c[i] >> 2);
        if ((c[i] & 3) != (c[0] & 3)) flush = 0;
    }
    int pairs = 0, trips = 0, quads = 0, pair_rank = -1;
    for (int r = 0; r < 13; r++) {
        if (counts[r] == 2) { pairs++; pair_rank = r; }
        if (counts[r] == 3) trips++;
        if (counts[r] == 4) quads++;
    }
    int straight = 0, royal = 0;
    if (__builtin_popcount(mask) == 5) {
        int low = __builtin_ctz(mask), high = 31 - __builtin_clz(mask);
        if (high - low == 4) straight = 1;
        if (mask == 0x100F) straight = 1; /* A 2 3 4 5 */
        if (mask == 0x1F00) royal = 1;
    }
    if (straight && flush) return royal ? ROYAL : STRAIGHT_FLUSH;
    if (quads) return FOUR;
    if (trips && pairs) return FULL_HOUSE;
    if (flush) return FLUSH;
    if (straight) return STRAIGHT;
    if (trips) return THREE;
    if (pairs == 2) return TWO_PAIR;
    if (pairs == 1) return pair_rank >= 8 ? PAIR : LOW_PAIR;
    return HIGH_CARD;
}

static int rank4(int a, int b, int c, int d) { return C[a][1] + C[b][2] + C[c][3] + C[d][4]; }
static int rank3(int a, int b, int c) { return C[a][1] + C[b][2] + C[c][3]; }

/* The four- and three-card subsets of a five-card hand, as colex ranks. */
static void subsets(const int *h, int *four, int *three) {
    int n = 0;
    for (int drop = 0; drop < 5; drop++) {
        int s[4], k = 0;
        for (int i = 0; i < 5; i++) if (i != drop) s[k++] = h[i];
        four[drop] = rank4(s[0], s[1], s[2], s[3]);
    }
    for (int i = 0; i < 5; i++)
        for (int j = i + 1; j < 5; j++) {
            int s[3], k = 0;
            for (int x = 0; x < 5; x++) if (x != i && x != j) s[k++] = h[x];
            three[n++] = rank3(s[0], s[1], s[2]);
        }
}

int main(void) {
    for (int n = 0; n < 53; n++)
        for (int k = 0; k < 6; k++)
            C[n][k] = k == 0 ? 1 : n == 0 ? 0 : C[n - 1][k - 1] + C[n - 1][k];
    int64_t counts[CATEGORIES] = {0}, units[CATEGORIES] = {0};
    int h[5], four[5], three[10];
    for (h[4] = 4; h[4] < 52; h[4]++)
     for (h[3] = 3; h[3] < h[4]; h[3]++)
      for (h[2] = 2; h[2] < h[3]; h[2]++)
       for (h[1] = 1; h[1] < h[2]; h[1]++)
        for (h[0] = 0; h[0] < h[1]; h[0]++) {
            int cat = category(h);
            int64_t v = ODDS[cat];
            counts[cat]++;
            subsets(h, four, three);
            for (int i = 0; i < 5; i++) sum4[four[i]] += v;
            for (int i = 0; i < 10; i++) sum3[three[i]] += v;
        }
    int f[4];
    for (f[3] = 3; f[3] < 52; f[3]++)
     for (f[2] = 2; f[2] < f[3]; f[2]++)
      for (f[1] = 1; f[1] < f[2]; f[1]++)
       for (f[0] = 0; f[0] < f[1]; f[0]++) {
            int r = rank4(f[0], f[1], f[2], f[3]);
            int64_t best = sum4[r] > 0 ? sum4[r] : 0;
            ride4[r] = sum4[r] > 0;
            best3[rank3(f[1], f[2], f[3])] += best;
            best3[rank3(f[0], f[2], f[3])] += best;
            best3[rank3(f[0], f[1], f[3])] += best;
            best3[rank3(f[0], f[1], f[2])] += best;
        }
    int64_t numerator = 0;
    for (int t = 0; t < 22100; t++) {
        ride3[t] = sum3[t] > 0;
        numerator += 2 * sum3[t] + 2 * (sum3[t] > 0 ? sum3[t] : 0) + best3[t];
    }
    for (h[4] = 4; h[4] < 52; h[4]++)
     for (h[3] = 3; h[3] < h[4]; h[3]++)
      for (h[2] = 2; h[2] < h[3]; h[2]++)
       for (h[1] = 1; h[1] < h[2]; h[1]++)
        for (h[0] = 0; h[0] < h[1]; h[0]++) {
            subsets(h, four, three);
            int64_t u = 20;
            for (int i = 0; i < 5; i++) u += 4 * ride4[four[i]];
            for (int i = 0; i < 10; i++) u += 2 * ride3[three[i]];
            units[category(h)] += u;
        }
    printf("expected return per unit %.6f\n", (double)numerator / (22100.0 * 2352.0));
    for (int c = 0; c < CATEGORIES; c++)
        printf("%-16s %8lld hands, %.4f bets riding\n", NAMES[c], (long long)counts[c],
               (double)units[c] / (20.0 * (double)counts[c]));
    return 0;
}
