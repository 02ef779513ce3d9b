// Debian builds libxml2 with ICU, so its encoding header pulls in the system's
// <unicode/ucnv.h>. Swift's Foundation carries its own ICU (_FoundationICU),
// and a module that sees both (the generated test runner imports every test
// target) fails with "'UErrorCode' has different definitions in different
// modules". Nothing here touches ICU: the only difference the macro makes is
// two pointer fields at the end of xmlCharEncodingHandler, a struct higlint
// never allocates or reads, only passes by pointer.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
