/*
 * The floor: the least work that turns a spec tree into parsed YAML.
 *
 * It walks the tree the way `higlint check` does (no symlinks followed, dot
 * entries skipped, *.yaml and *.yml only), reads each file whole, and runs
 * libyaml's event parser over it on one thread, doing nothing else with the
 * events. Whatever higlint does beyond this (trees, decoding, rules, the
 * report) is overhead measured against this program in the same run.
 *
 * build: cc -O2 -o floor floor.c -lyaml
 * usage: floor DIR...
 * prints: files, bytes and events, so a broken run cannot pass for a fast one.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>

struct totals {
    long files;
    long bytes;
    long events;
    long failures;
};

static unsigned char *buffer;
static size_t capacity;

static int is_spec(const char *name) {
    size_t length = strlen(name);
    return (length > 5 && strcmp(name + length - 5, ".yaml") == 0) ||
           (length > 4 && strcmp(name + length - 4, ".yml") == 0);
}

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

    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser)) exit(2);
    yaml_parser_set_input_string(&parser, buffer, filled);
    yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING);
    yaml_event_t event;
    for (;;) {
        if (!yaml_parser_parse(&parser, &event)) {
            totals->failures++;
            break;
        }
        yaml_event_type_t type = event.type;
        yaml_event_delete(&event);
        totals->events++;
        if (type == YAML_STREAM_END_EVENT) break;
    }
    yaml_parser_delete(&parser);
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
        } else if (type == DT_REG && is_spec(entry->d_name)) {
            parse_file(path, totals);
        }
    }
    closedir(dir);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: floor DIR...\n");
        return 2;
    }
    struct totals totals = {0, 0, 0, 0};
    for (int i = 1; i < argc; i++) walk(argv[i], &totals);
    printf("{\"files\": %ld, \"bytes\": %ld, \"events\": %ld, \"failures\": %ld}\n", totals.files, totals.bytes,
           totals.events, totals.failures);
    free(buffer);
    return totals.failures ? 1 : 0;
}
