/* A plain C knight's tour solver, the yardstick of bench_tour.py (compiled by it with cc -O2).

   Warnsdorff's rule with backtracking, written as one would: recursion, the board inside a
   border two cells wide (so a move needs no bounds check), each candidate's onward moves
   counted afresh. Ties go to the square farther from the centre, then to the earlier
   move, as in knight's search, so it finds the same tours. Boards up to 64×64. */
#include <string.h>

#define MAX_WIDTH 68

static const int DR[8] = {-2, -1, 1, 2, 2, 1, -1, -2};
static const int DC[8] = {1, 2, 2, 1, -1, -2, -2, -1};

static int size, width, offset[8];
static unsigned char blocked[MAX_WIDTH * MAX_WIDTH]; /* 1 on the border and on the path */
static int far_from_centre[MAX_WIDTH * MAX_WIDTH];   /* squared distance, times 4 */
static int *path;

static int extend(int cell, int depth) {
    blocked[cell] = 1;
    path[depth] = (cell / width - 2) * size + cell % width - 2 + 1;
    if (depth + 1 == size * size) return 1;
    int next[8], key[8], count = 0;
    for (int i = 0; i < 8; i++) {
        int target = cell + offset[i];
        if (blocked[target]) continue;
        int onward = 0;
        for (int m = 0; m < 8; m++) onward += !blocked[target + offset[m]];
        int k = onward * 65536 - far_from_centre[target], j = count++;
        while (j > 0 && key[j - 1] > k) { /* insertion sort, stable: earlier moves first */
            next[j] = next[j - 1];
            key[j] = key[j - 1];
            j--;
        }
        next[j] = target;
        key[j] = k;
    }
    for (int j = 0; j < count; j++)
        if (extend(next[j], depth + 1)) return 1;
    blocked[cell] = 0;
    return 0;
}

/* An open tour of the n×n board from square number start (1-based) into out; 1 if found. */
int tour(int n, int start, int *out) {
    size = n;
    width = n + 4;
    path = out;
    for (int i = 0; i < 8; i++) offset[i] = DR[i] * width + DC[i];
    memset(blocked, 1, sizeof blocked);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int dr = 2 * r - n + 1, dc = 2 * c - n + 1;
            blocked[(r + 2) * width + c + 2] = 0;
            far_from_centre[(r + 2) * width + c + 2] = dr * dr + dc * dc;
        }
    return extend(((start - 1) / n + 2) * width + (start - 1) % n + 2, 0);
}

/* Tours from every start of the n×n board, rounds times over; the number found. */
long every_start(int n, int rounds) {
    int out[64 * 64];
    long found = 0;
    for (int round = 0; round < rounds; round++)
        for (int start = 1; start <= n * n; start++) found += tour(n, start, out);
    return found;
}
