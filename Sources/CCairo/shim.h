// Cairo with its SVG, PDF and FreeType/fontconfig back ends, as one C module for Swift.
#include <cairo.h>
#include <cairo-svg.h>
#include <cairo-pdf.h>
#include <cairo-ft.h>
#include <fontconfig/fontconfig.h>
