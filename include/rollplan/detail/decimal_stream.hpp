// rollplan/detail/decimal_stream.hpp: the stream format of distributions and
// engines, whose << and >> must round-trip ([rand.req.dist], [rand.req.eng]).
//
// They write and read numbers in decimal, separated by single spaces,
// whatever the caller's flags (hex, showbase; a pending width is dropped), as
// libstdc++ does, so that a fresh stream reads back what was written; the
// caller's flags and fill are restored afterwards. Every name of the stream
// is reached through Stream, so only <iosfwd> is needed here: whoever holds a
// stream has included its header.
#pragma once

#include "config.hpp"

#include <iosfwd>

namespace rollplan::detail {

template <class Stream>
class decimal_stream {
public:
    explicit decimal_stream(Stream& s) : stream_(s), flags_(s.flags()), fill_(s.fill()) {
        s.flags(Stream::dec | Stream::left | Stream::skipws);
        s.fill(s.widen(' '));
        s.width(0);
    }
    ~decimal_stream() {
        stream_.flags(flags_);
        stream_.fill(fill_);
    }
    decimal_stream(const decimal_stream&) = delete;
    decimal_stream& operator=(const decimal_stream&) = delete;

private:
    Stream& stream_;
    typename Stream::fmtflags flags_;
    typename Stream::char_type fill_;
};

}  // namespace rollplan::detail
