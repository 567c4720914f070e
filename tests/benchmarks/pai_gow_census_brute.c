/* Every one of the 154,143,080 seven-card hands of the 53-card Pai Gow deck (NY 5324.41(b)),
 * one by one: the peer the analysis benchmark measures the census (`dealer-station paytable
 * --game pai-gow --trials 0`) against. For each hand, the class of each of its 21 five-card hands
 * from a table of all 2,869,685 (the joker an ace, or completing a straight, flush, straight flush
 * or royal flush, (c)(1)-(3)), the set of classes it can form, and the count of hands by their
 * best class. Build: gcc -O2 -o pai_gow_census_brute pai_gow_census_brute.c */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, SF_JOKER, SF, RF_JOKER, RF,
       FIVE_ACES, CODES };
static const char *NAMES[CODES] = {"high card", "pair", "two pair", "three of a kind",
    "straight", "flush", "full house", "four of a kind", "straight flush with joker",
    "straight flush", "royal flush with joker", "royal flush", "five aces"};
enum { JOKER = 52, ACE = 12 };

static int64_t C[54][8];

static int pattern(const int *counts) {
    int pairs = 0, trips = 0, quads = 0, five = 0;
    for (int r = 0; r < 13; r++) {
        pairs += counts[r] == 2;
        trips += counts[r] == 3;
        quads += counts[r] == 4;
        five += counts[r] == 5;
    }
    if (five) return FIVE_ACES;
    if (quads) return QUADS;
    if (trips && pairs) return FULL_HOUSE;
    if (trips) return TRIPS;
    if (pairs == 2) return TWO_PAIR;
    return pairs ? PAIR : HIGH;
}

/* Whether the distinct ranks of ``mask`` (``n`` of them) are, or with one wild card become, a
 * straight; ``royal``: one that can be ace-high. */
static int straight(int mask, int n, int *royal) {
    *royal = 0;
    if (__builtin_popcount(mask) != n) return 0;
    int low_ace = ((mask >> ACE) & 1) | ((mask & 0xFFF) << 1); /* the ace as rank -1 */
    int high = 31 - __builtin_clz(mask), low = __builtin_ctz(mask);
    int ok = high - low <= 4 || (31 - __builtin_clz(low_ace)) - __builtin_ctz(low_ace) <= 4;
    if (ok && low >= 8) *royal = 1;
    return ok;
}

static int classify(const int *cards) { /* five ascending cards, the joker last if any */
    int joker = cards[4] == JOKER, real = joker ? 4 : 5;
    int counts[13] = {0}, mask = 0, flush = 1;
    for (int i = 0; i < real; i++) {
        counts[cards[i] >> 2]++;
        mask |= 1 << (cards[i] >> 2);
        flush &= (cards[i] & 3) == (cards[0] & 3);
    }
    if (joker) counts[ACE]++;
    int code = pattern(counts), royal;
    int run = straight(mask, real, &royal);
    if (joker) {
        if (code == FIVE_ACES) return code;
        if (flush && code < FLUSH) code = FLUSH;
        if (run && code < STRAIGHT) code = STRAIGHT;
        if (run && flush) code = royal ? RF_JOKER : SF_JOKER;
        return code;
    }
    if (run && flush) return royal && (mask >> ACE) & 1 && (mask & 1) == 0 ? RF : SF;
    if (flush) return FLUSH;
    return run ? STRAIGHT : code;
}

int main(void) {
    for (int n = 0; n < 54; n++)
        for (int k = 0; k < 8; k++)
            C[n][k] = k == 0 ? 1 : n == 0 ? 0 : C[n - 1][k - 1] + C[n - 1][k];
    unsigned char *codes = malloc((size_t)C[53][5]);
    int h[7];
    int64_t index = 0;
    for (h[4] = 4; h[4] < 53; h[4]++)
     for (h[3] = 3; h[3] < h[4]; h[3]++)
      for (h[2] = 2; h[2] < h[3]; h[2]++)
       for (h[1] = 1; h[1] < h[2]; h[1]++)
        for (h[0] = 0; h[0] < h[1]; h[0]++)
            codes[index++] = (unsigned char)classify(h);
    /* The 21 five-card subsets of seven positions. */
    int subsets[21][5], s = 0;
    for (int a = 0; a < 7; a++) for (int b = a + 1; b < 7; b++) {
        int k = 0;
        for (int i = 0; i < 7; i++) if (i != a && i != b) subsets[s][k++] = i;
        s++;
    }
    int64_t best[CODES] = {0}, formed_sets = 0;
    for (h[6] = 6; h[6] < 53; h[6]++)
     for (h[5] = 5; h[5] < h[6]; h[5]++)
      for (h[4] = 4; h[4] < h[5]; h[4]++)
       for (h[3] = 3; h[3] < h[4]; h[3]++)
        for (h[2] = 2; h[2] < h[3]; h[2]++)
         for (h[1] = 1; h[1] < h[2]; h[1]++)
          for (h[0] = 0; h[0] < h[1]; h[0]++) {
            int formed = 0;
            for (int i = 0; i < 21; i++) {
                const int *c = subsets[i];
                int64_t r = C[h[c[0]]][1] + C[h[c[1]]][2] + C[h[c[2]]][3] + C[h[c[3]]][4]
                            + C[h[c[4]]][5];
                formed |= 1 << codes[r];
            }
            formed_sets += __builtin_popcount(formed);
            best[31 - __builtin_clz(formed)]++;
          }
    int64_t total = 0;
    for (int c = CODES - 1; c >= 0; c--) {
        printf("%-26s %10lld\n", NAMES[c], (long long)best[c]);
        total += best[c];
    }
    printf("total %lld hands, %lld classes formed\n", (long long)total, (long long)formed_sets);
    free(codes);
    return 0;
}
