// One fill across the ranks of an MPI job, written to one file with MPI-IO:
// the same bytes for any number of ranks, and the same as one process's
//   generate(uniform_int_distribution<int32_t, 0, 99>{}, philox4x64(SEED))
// of N values.
//
// A fill from a counter-based engine is a function of the engine's seed and
// counter and of each value's index, so a rank needs only (seed, first index,
// count): rollplan::generate_part makes those values, and the rank writes them
// at their place in the file. Nothing is sent between the ranks.
//
//   mpirun -np P fill_mpi OUT N SEED
//
// OUT gets N int32 values, raw, in this machine's byte order (4 N bytes).
#include <rollplan/rollplan.hpp>

#include <mpi.h>

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string_view>
#include <vector>

namespace rp = rollplan;

namespace {

// The largest N: its 4 N bytes must be an MPI_Offset (a signed 64-bit number).
constexpr std::uint64_t most_values = (std::uint64_t{1} << 61) - 1;
// Values made and written per round, so that a rank holds 4 MiB however large its part.
constexpr std::uint64_t chunk = std::uint64_t{1} << 20;

const rp::uniform_int_distribution<std::int32_t, 0, 99> percent{};

// A whole decimal number from 0 to `most`, nothing else (no sign, no spaces).
bool read_number(const char* text, std::uint64_t most, std::uint64_t& value) {
    const std::string_view s(text);
    if (s.empty() || s.front() < '0' || s.front() > '9') return false;
    const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), value);
    return error == std::errc{} && end == s.data() + s.size() && value <= most;
}

// Rank r of p fills indices [n r / p, n (r + 1) / p) (computed without overflow).
std::uint64_t boundary(std::uint64_t n, int r, int p) {
    const auto ranks = static_cast<std::uint64_t>(p), rank = static_cast<std::uint64_t>(r);
    return n / ranks * rank + n % ranks * rank / ranks;
}

// Whether `ok` holds on every rank (a collective call: every rank asks).
bool all(bool ok) {
    const int mine = ok ? 1 : 0;
    int every = 0;
    MPI_Allreduce(&mine, &every, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    return every == 1;
}

int fill(const char* out, std::uint64_t n, std::uint64_t seed, int rank, int ranks) {
    MPI_File file;
    // every rank must have the file open, or none goes on (the calls below are collective)
    const bool opened =
        MPI_File_open(MPI_COMM_WORLD, out, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &file) == MPI_SUCCESS;
    if (!all(opened)) {
        if (opened) MPI_File_close(&file);
        if (rank == 0) std::fprintf(stderr, "fill_mpi: cannot open '%s' for writing\n", out);
        return 1;
    }
    // a longer file of an earlier run must not keep its tail (this reserves no space: a full
    // disk shows in the writes)
    if (!all(MPI_File_set_size(file, static_cast<MPI_Offset>(4 * n)) == MPI_SUCCESS)) {
        MPI_File_close(&file);
        if (rank == 0)
            std::fprintf(stderr, "fill_mpi: '%s' cannot be made %llu bytes long\n", out,
                         static_cast<unsigned long long>(4 * n));
        return 1;
    }
    const std::uint64_t first = boundary(n, rank, ranks), last = boundary(n, rank + 1, ranks);
    // every rank takes part in as many collective writes as the largest part needs
    const std::uint64_t rounds = (n / static_cast<std::uint64_t>(ranks) + 1 + chunk - 1) / chunk;
    const rp::philox4x64 engine(seed);
    std::vector<std::int32_t> values(chunk);
    bool ok = true;
    for (std::uint64_t round = 0; round < rounds && ok; ++round) {
        const std::uint64_t from = first + round * chunk < last ? first + round * chunk : last;
        const std::uint64_t to = last - from < chunk ? last : from + chunk;
        const int count = static_cast<int>(to - from);
        rp::generate_part(values.begin(), values.begin() + count, percent, engine, from);
        // a write is done when MPI says so and counts every value written: some MPI-IO
        // implementations report a full disk only in the count
        MPI_Status status;
        int written = -1;
        const bool wrote = MPI_File_write_at_all(file, static_cast<MPI_Offset>(4 * from), values.data(), count,
                                                 MPI_INT32_T, &status) == MPI_SUCCESS &&
                           MPI_Get_count(&status, MPI_INT32_T, &written) == MPI_SUCCESS && written == count;
        ok = all(wrote);  // all ranks stop at the same round
    }
    ok = MPI_File_sync(file) == MPI_SUCCESS && ok;
    ok = MPI_File_close(&file) == MPI_SUCCESS && ok;
    if (!all(ok)) {
        if (rank == 0) std::fprintf(stderr, "fill_mpi: writing '%s' failed\n", out);
        return 1;
    }
    if (rank == 0)
        std::printf("%d rank%s wrote %llu values in [0, 99] from philox4x64(%llu) to %s\n", ranks, ranks == 1 ? "" : "s",
                    static_cast<unsigned long long>(n), static_cast<unsigned long long>(seed), out);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank = 0, ranks = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    std::uint64_t n = 0, seed = 0;
    int code = 0;
    if (argc != 4) {
        if (rank == 0) std::fprintf(stderr, "usage: mpirun -np P fill_mpi OUT N SEED\n");
        code = 2;
    } else if (!read_number(argv[2], most_values, n)) {
        if (rank == 0)
            std::fprintf(stderr, "fill_mpi: N is a whole number of values from 0 to %llu, not '%s'\n",
                         static_cast<unsigned long long>(most_values), argv[2]);
        code = 2;
    } else if (!read_number(argv[3], UINT64_MAX, seed)) {
        if (rank == 0)
            std::fprintf(stderr, "fill_mpi: SEED is a whole number from 0 to %llu, not '%s'\n",
                         static_cast<unsigned long long>(UINT64_MAX), argv[3]);
        code = 2;
    } else {
        code = fill(argv[1], n, seed, rank, ranks);
    }
    MPI_Finalize();
    return code;
}
