/*
 * The Interface Builder floor: the least work that turns IB documents into parsed XML.
 *
 * It walks its paths the way `higlint check` does (no symlinks followed below a named
 * path, dot entries skipped, *.storyboard and *.xib only), reads each file whole and runs
 * libxml2's SAX2 parser over it on one thread, with callbacks that only count elements.
 * No entity substitution, no DTD loading, no network: what the importer asks of libxml2.
 * Whatever `check` does beyond this (the mapping, app facts, rules, the report) is
 * overhead measured against this program in the same run.
 *
 * build: cc -O2 $(pkg-config --cflags libxml-2.0) -o ib_floor ib_floor.c $(pkg-config --libs libxml-2.0)
 * usage: ib_floor PATH...
 * prints: files, bytes, elements and failures, so a broken run cannot pass for a fast one.
 */
#include <dirent.h>
#include <fcntl.h>
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct totals {
    long files;
    long bytes;
    long elements;
    long failures;
};

static unsigned char *buffer;
static size_t capacity;

static int is_document(const char *name) {
    size_t length = strlen(name);
    return (length > 11 && strcmp(name + length - 11, ".storyboard") == 0) ||
           (length > 4 && strcmp(name + length - 4, ".xib") == 0);
}

static void on_start(void *context, const xmlChar *name, const xmlChar *prefix, const xmlChar *uri,
                     int namespaces, const xmlChar **namespace_list, int attributes, int defaulted,
                     const xmlChar **attribute_list) {
    (void)name; (void)prefix; (void)uri; (void)namespaces; (void)namespace_list;
    (void)attributes; (void)defaulted; (void)attribute_list;
    ((struct totals *)context)->elements++;
}

static void on_end(void *context, const xmlChar *name, const xmlChar *prefix, const xmlChar *uri) {
    (void)context; (void)name; (void)prefix; (void)uri;
}

static void on_characters(void *context, const xmlChar *text, int length) {
    (void)context; (void)text; (void)length;
}

static void on_error(void *context, xmlErrorPtr error) {
    (void)context; (void)error;
}

static xmlSAXHandler handler;

static void parse_file(const char *path, struct totals *totals) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    struct stat info;
    if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        close(fd);
        return;
    }
    size_t size = (size_t)info.st_size;
    if (size + 1 > capacity) {
        capacity = size + 1;
        buffer = realloc(buffer, capacity);
        if (!buffer) exit(2);
    }
    size_t filled = 0;
    ssize_t count;
    while (filled < size && (count = read(fd, buffer + filled, size - filled)) > 0) filled += (size_t)count;
    close(fd);

    xmlParserCtxtPtr context = xmlCreatePushParserCtxt(&handler, totals, NULL, 0, path);
    if (!context) exit(2);
    xmlCtxtUseOptions(context, XML_PARSE_NONET);
    if (xmlParseChunk(context, (const char *)buffer, (int)filled, 1) != 0 || !context->wellFormed) totals->failures++;
    xmlFreeParserCtxt(context);
    totals->files++;
    totals->bytes += (long)filled;
}

static void walk(const char *directory, struct totals *totals) {
    DIR *dir = opendir(directory);
    if (!dir) return;
    struct dirent *entry;
    while ((entry = readdir(dir)) != NULL) {
        if (entry->d_name[0] == '.') continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", directory, entry->d_name);
        unsigned char type = entry->d_type;
        if (type == DT_UNKNOWN) {
            struct stat info;
            if (lstat(path, &info) != 0) continue;
            type = S_ISDIR(info.st_mode) ? DT_DIR : S_ISREG(info.st_mode) ? DT_REG : DT_LNK;
        }
        if (type == DT_DIR) {
            walk(path, totals);
        } else if (type == DT_REG && is_document(entry->d_name)) {
            parse_file(path, totals);
        }
    }
    closedir(dir);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: ib_floor PATH...\n");
        return 2;
    }
    xmlInitParser();
    memset(&handler, 0, sizeof handler);
    handler.initialized = XML_SAX2_MAGIC;
    handler.startElementNs = on_start;
    handler.endElementNs = on_end;
    handler.characters = on_characters;
    handler.serror = on_error;
    struct totals totals = {0, 0, 0, 0};
    for (int i = 1; i < argc; i++) {
        struct stat info;
        if (stat(argv[i], &info) != 0) continue;
        if (S_ISDIR(info.st_mode)) {
            walk(argv[i], &totals);
        } else if (S_ISREG(info.st_mode)) {
            parse_file(argv[i], &totals);
        }
    }
    printf("{\"files\": %ld, \"bytes\": %ld, \"elements\": %ld, \"failures\": %ld}\n", totals.files, totals.bytes,
           totals.elements, totals.failures);
    free(buffer);
    xmlCleanupParser();
    return totals.failures ? 1 : 0;
}
