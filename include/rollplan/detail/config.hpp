// rollplan/detail/config.hpp: what rollplan needs of the compiler, said in one
// sentence when it is missing.
//
// rollplan needs C++20 and unsigned __int128 (GCC or Clang on a 64-bit
// target). Every public header includes this one first, so a compiler that
// lacks either stops at the sentence: the #error, then an #include of a file
// that does not exist, which ends the compilation before hundreds of lines
// of errors from code it cannot read.
#pragma once

#if defined(_MSVC_LANG)
#define ROLLPLAN_DETAIL_CPLUSPLUS _MSVC_LANG
#else
#define ROLLPLAN_DETAIL_CPLUSPLUS __cplusplus
#endif

#if ROLLPLAN_DETAIL_CPLUSPLUS < 202002L
#error "rollplan needs C++20: compile with -std=c++20 or later"
#include <rollplan/compilation_stops_at_the_error_above>
#elif !defined(__SIZEOF_INT128__)
#error "rollplan needs unsigned __int128: GCC or Clang on a 64-bit target"
#include <rollplan/compilation_stops_at_the_error_above>
#endif

// Exceptions: without them (-fno-exceptions), run-time errors call the
// handler of error.hpp instead of throwing; errors in constant expressions
// stay compile errors.
#if defined(__cpp_exceptions) || defined(__EXCEPTIONS)
#define ROLLPLAN_EXCEPTIONS 1
#else
#define ROLLPLAN_EXCEPTIONS 0
#endif
