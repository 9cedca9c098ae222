// rollplan/version.hpp: which rollplan this is.
//
// The numbers are those of CMakeLists.txt's project(VERSION), which refuses
// to configure when they differ. ROLLPLAN_VERSION is MAJOR·10000 + MINOR·100
// + PATCH, to compare in #if (the scheme of BOOST_VERSION);
// ROLLPLAN_VERSION_STRING is "MAJOR.MINOR.PATCH".
#pragma once

#define ROLLPLAN_VERSION_MAJOR 0
#define ROLLPLAN_VERSION_MINOR 9
#define ROLLPLAN_VERSION_PATCH 0
#define ROLLPLAN_VERSION (ROLLPLAN_VERSION_MAJOR * 10000 + ROLLPLAN_VERSION_MINOR * 100 + ROLLPLAN_VERSION_PATCH)

#define ROLLPLAN_DETAIL_TEXT(x) #x
#define ROLLPLAN_DETAIL_EXPANDED_TEXT(x) ROLLPLAN_DETAIL_TEXT(x)
#define ROLLPLAN_VERSION_STRING                                                                     \
    ROLLPLAN_DETAIL_EXPANDED_TEXT(ROLLPLAN_VERSION_MAJOR) "." ROLLPLAN_DETAIL_EXPANDED_TEXT(ROLLPLAN_VERSION_MINOR) "." \
        ROLLPLAN_DETAIL_EXPANDED_TEXT(ROLLPLAN_VERSION_PATCH)
