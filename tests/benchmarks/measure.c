/* Runs a command and prints, on its last line of stderr, "cpu SECONDS peak_kb KB": the CPU time
 * (user + system, its waited-for children included) and peak resident memory of the command,
 * from wait4. A small parent: a command started straight from a large process (the Python
 * benchmark) would be charged that process's memory at the fork, as Linux carries the peak over
 * exec. Build: gcc -O2 -o measure measure.c */
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: measure COMMAND [ARG...]\n");
        return 2;
    }
    pid_t child = fork();
    if (child < 0) return 2;
    if (child == 0) {
        execvp(argv[1], argv + 1);
        _exit(127);
    }
    int status;
    struct rusage usage;
    if (wait4(child, &status, 0, &usage) < 0) return 2;
    double cpu = usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec
                 + usage.ru_stime.tv_usec / 1e6;
    fprintf(stderr, "cpu %.6f peak_kb %ld\n", cpu, usage.ru_maxrss);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
