#ifndef MARBLE_CCURL_SHIM_H
#define MARBLE_CCURL_SHIM_H
#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed
// wrapper per kind of argument. Each returns libcurl's own code, checked by the caller.

static inline CURLcode marble_curl_setopt_long(CURL *curl, CURLoption option, long value) {
    return curl_easy_setopt(curl, option, value);
}

static inline CURLcode marble_curl_setopt_off(CURL *curl, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(curl, option, value);
}

static inline CURLcode marble_curl_setopt_ptr(CURL *curl, CURLoption option, void *value) {
    return curl_easy_setopt(curl, option, value);
}

// libcurl copies strings given to it (since 7.17), so a Swift string's bytes need only live
// for the call.
static inline CURLcode marble_curl_setopt_str(CURL *curl, CURLoption option, const char *value) {
    return curl_easy_setopt(curl, option, value);
}

static inline CURLcode marble_curl_setopt_list(CURL *curl, CURLoption option, struct curl_slist *list) {
    return curl_easy_setopt(curl, option, list);
}

// A blob (CURLOPT_CAINFO_BLOB): libcurl copies the bytes (CURL_BLOB_COPY), so they need only
// live for the call.
static inline CURLcode marble_curl_setopt_blob(CURL *curl, CURLoption option, const void *data, size_t len) {
    struct curl_blob blob = { (void *)data, len, CURL_BLOB_COPY };
    return curl_easy_setopt(curl, option, &blob);
}

/// A data callback: CURLOPT_WRITEFUNCTION, CURLOPT_READFUNCTION and CURLOPT_HEADERFUNCTION share its shape.
typedef size_t (*marble_curl_data_cb)(char *buffer, size_t size, size_t count, void *userdata);

static inline CURLcode marble_curl_setopt_data_cb(CURL *curl, CURLoption option, marble_curl_data_cb callback) {
    return curl_easy_setopt(curl, option, callback);
}

static inline CURLcode marble_curl_getinfo_long(CURL *curl, CURLINFO info, long *value) {
    return curl_easy_getinfo(curl, info, value);
}

static inline CURLcode marble_curl_getinfo_off(CURL *curl, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(curl, info, value);
}

// Plain macros that do not import into Swift, re-exported typed.
static const long marble_curlauth_basic = (long)CURLAUTH_BASIC;
static const size_t marble_curl_error_size = CURL_ERROR_SIZE;
static const size_t marble_curl_readfunc_abort = CURL_READFUNC_ABORT;
static const long marble_curl_global_default = CURL_GLOBAL_DEFAULT;
#endif
