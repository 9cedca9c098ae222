// rollplan/rollplan.hpp: the whole library.
#pragma once

#include "analysis.hpp"
#include "certificate.hpp"
#include "describe.hpp"
#include "description.hpp"
#include "die.hpp"
#include "distribution.hpp"
#include "integer.hpp"
#include "optimum.hpp"
#include "plan.hpp"
#include "planner.hpp"
#include "pool.hpp"
#include "rational.hpp"
#include "sample.hpp"
#include "uniform_state.hpp"
#include "verify.hpp"
#include "wide.hpp"
