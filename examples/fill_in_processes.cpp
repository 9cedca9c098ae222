// One table of a million values in [0, 99], filled by several processes, each
// its own range of indices, and put together: the same bytes as one process.
//
// A fill from a counter-based engine (philox4x64) is a function of the
// engine's seed and counter and of each value's index, so a worker needs only
// (seed, first index, count): rollplan::generate_part makes those values.
// Here the workers are fork()ed processes writing their parts into one file;
// on a cluster they are ranks or jobs, each given its (seed, first, count).
//
//   fill_in_processes [WORKERS]     (default 2)
#include <rollplan/rollplan.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace rp = rollplan;

namespace {

constexpr std::uint64_t seed = 2026;
constexpr std::uint64_t values = 1'000'003;
const rp::uniform_int_distribution<std::uint8_t> percent(0, 99);

// What worker w of `workers` does: values [first, last) of the fill, written at their place.
bool fill_part(int file, std::uint64_t first, std::uint64_t last) {
    std::vector<std::uint8_t> part(last - first);
    rp::generate_part(part.begin(), part.end(), percent, rp::philox4x64(seed), first);
    return pwrite(file, part.data(), part.size(), static_cast<off_t>(first)) == static_cast<ssize_t>(part.size());
}

}  // namespace

int main(int argc, char** argv) {
    const int workers = argc > 1 ? std::atoi(argv[1]) : 2;
    if (workers < 1 || workers > 64) {
        std::fprintf(stderr, "fill_in_processes: WORKERS is a number from 1 to 64, not '%s'\n", argv[1]);
        return 2;
    }
    char path[] = "/tmp/rollplan_fill_XXXXXX";
    const int file = mkstemp(path);
    if (file < 0 || ftruncate(file, static_cast<off_t>(values)) != 0) {
        std::perror("fill_in_processes: a file for the parts");
        return 1;
    }
    for (int w = 0; w < workers; ++w) {
        const std::uint64_t first = values * static_cast<std::uint64_t>(w) / static_cast<std::uint64_t>(workers);
        const std::uint64_t last = values * static_cast<std::uint64_t>(w + 1) / static_cast<std::uint64_t>(workers);
        const pid_t child = fork();
        if (child < 0) {
            std::perror("fill_in_processes: fork");
            return 1;
        }
        if (child == 0) _exit(fill_part(file, first, last) ? 0 : 1);
    }
    bool workers_ok = true;
    for (int w = 0; w < workers; ++w) {
        int status = 0;
        workers_ok = wait(&status) > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0 && workers_ok;
    }
    std::vector<std::uint8_t> joined(values);
    const bool read_ok = pread(file, joined.data(), joined.size(), 0) == static_cast<ssize_t>(joined.size());
    close(file);
    unlink(path);

    // the same table from one process, one call
    std::vector<std::uint8_t> whole(values);
    rp::philox4x64 engine(seed);
    rp::generate(whole.begin(), whole.end(), percent, engine);

    const bool same = workers_ok && read_ok && std::memcmp(joined.data(), whole.data(), values) == 0;
    std::printf("%d process%s filled %llu values in [0, 99] from philox4x64(%llu): %s\n", workers,
                workers == 1 ? "" : "es", static_cast<unsigned long long>(values), static_cast<unsigned long long>(seed),
                same ? "the same bytes as one process" : "NOT the bytes of one process");
    return same ? 0 : 1;
}
