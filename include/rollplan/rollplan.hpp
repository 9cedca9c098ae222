// rollplan/rollplan.hpp: the whole library.
#pragma once

#include "analysis.hpp"
#include "describe.hpp"
#include "description.hpp"
#include "die.hpp"
#include "distribution.hpp"
#include "integer.hpp"
#include "plan.hpp"
#include "planner.hpp"
#include "rational.hpp"
#include "sample.hpp"
#include "verify.hpp"
