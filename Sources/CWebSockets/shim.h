#ifndef MARBLE_CWEBSOCKETS_SHIM_H
#define MARBLE_CWEBSOCKETS_SHIM_H
#include <libwebsockets.h>

// libwebsockets' option flags are macros of several shifted bits, which Swift does not
// import: re-exported typed.
static const uint64_t marble_lws_option_ssl_global_init = LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT;
static const uint64_t marble_lws_option_allow_non_ssl = LWS_SERVER_OPTION_ALLOW_NON_SSL_ON_SSL_PORT;
static const uint64_t marble_lws_option_redirect_to_https = LWS_SERVER_OPTION_REDIRECT_HTTP_TO_HTTPS;
static const uint64_t marble_lws_option_disable_ipv6 = LWS_SERVER_OPTION_DISABLE_IPV6;
static const uint64_t marble_lws_option_explicit_vhosts = LWS_SERVER_OPTION_EXPLICIT_VHOSTS;
static const int marble_lws_pre = LWS_PRE;
#endif
