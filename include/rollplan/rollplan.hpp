// rollplan/rollplan.hpp: the whole library.
#pragma once

#include "detail/config.hpp"

#include "analysis.hpp"
#include "certificate.hpp"
#include "describe.hpp"
#include "description.hpp"
#include "die.hpp"
#include "discrete.hpp"
#include "distribution.hpp"
#include "engines.hpp"
#include "generate.hpp"
#include "optimum.hpp"
#include "philox.hpp"
#include "plan.hpp"
#include "planner.hpp"
#include "pool.hpp"
#include "rational.hpp"
#include "sample.hpp"
#include "seed.hpp"
#include "version.hpp"
#include "verify.hpp"
