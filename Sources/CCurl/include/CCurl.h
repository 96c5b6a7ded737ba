#include "gazette_fetch.h"
#include "gazette_smtp.h"
