/*
 * kafka-mock: librdkafka's in-memory mock Kafka cluster as a process, for tests.
 *
 *   kafka-mock [--brokers N] [--partitions N] [topic[:partitions] ...]
 *
 * Starts a mock cluster of N brokers (default 1) listening on 127.0.0.1, creates the topics named
 * on the command line (the mock does not implement the CreateTopics admin API), prints
 * `BOOTSTRAP=<host:port,...>` on one line of stdout, and runs until stdin closes, or SIGTERM or
 * SIGINT arrives: whoever spawned it cannot leak it by dying, because its end of the pipe closes.
 *
 * The mock speaks the Kafka protocol to any client (produce, fetch, consumer groups, committed
 * offsets with metadata, headers, compression) but has no idempotent or transactional producer
 * support worth the name (InitProducerId reports coordinator 0) and keeps everything in memory.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>

static volatile sig_atomic_t stop_requested = 0;

static void on_signal(int sig) {
        (void)sig;
        stop_requested = 1;
}

static int parse_count(const char *text, const char *what) {
        char *end = NULL;
        long value = strtol(text, &end, 10);
        if (!text[0] || *end || value < 1 || value > 1000) {
                fprintf(stderr, "kafka-mock: %s must be a number from 1 to 1000, not \"%s\"\n", what, text);
                exit(2);
        }
        return (int)value;
}

/* Mock logs go to stderr only from warnings up: the test's output stays readable. */
static void on_log(const rd_kafka_t *rk, int level, const char *fac, const char *buf) {
        (void)rk;
        if (level <= 4) fprintf(stderr, "kafka-mock %s: %s\n", fac, buf);
}

int main(int argc, char **argv) {
        int brokers = 1;
        int default_partitions = 4;
        int first_topic = argc;
        char errstr[512];

        for (int i = 1; i < argc; i++) {
                if (!strcmp(argv[i], "--brokers") && i + 1 < argc) {
                        brokers = parse_count(argv[++i], "--brokers");
                } else if (!strcmp(argv[i], "--partitions") && i + 1 < argc) {
                        default_partitions = parse_count(argv[++i], "--partitions");
                } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
                        printf("usage: kafka-mock [--brokers N] [--partitions N] [topic[:partitions] ...]\n");
                        return 0;
                } else if (argv[i][0] == '-') {
                        fprintf(stderr, "kafka-mock: unknown option %s\n", argv[i]);
                        return 2;
                } else {
                        first_topic = i;
                        break;
                }
        }

        rd_kafka_conf_t *conf = rd_kafka_conf_new();
        rd_kafka_conf_set_log_cb(conf, on_log);
        /* The handle only hosts the mock cluster; it never connects anywhere itself. */
        if (rd_kafka_conf_set(conf, "client.id", "kafka-mock", errstr, sizeof(errstr)) != RD_KAFKA_CONF_OK) {
                fprintf(stderr, "kafka-mock: %s\n", errstr);
                return 1;
        }
        rd_kafka_t *rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, errstr, sizeof(errstr));
        if (!rk) {
                fprintf(stderr, "kafka-mock: rd_kafka_new: %s\n", errstr);
                return 1;
        }
        rd_kafka_mock_cluster_t *cluster = rd_kafka_mock_cluster_new(rk, brokers);
        if (!cluster) {
                fprintf(stderr, "kafka-mock: could not start the mock cluster\n");
                rd_kafka_destroy(rk);
                return 1;
        }

        for (int i = first_topic; i < argc; i++) {
                char *topic = argv[i];
                int partitions = default_partitions;
                char *colon = strrchr(topic, ':');
                if (colon) {
                        *colon = '\0';
                        partitions = parse_count(colon + 1, "a topic's partition count");
                }
                int replication = brokers < 3 ? brokers : 3;
                rd_kafka_resp_err_t err = rd_kafka_mock_topic_create(cluster, topic, partitions, replication);
                if (err) {
                        fprintf(stderr, "kafka-mock: creating topic %s: %s\n", topic, rd_kafka_err2str(err));
                        rd_kafka_mock_cluster_destroy(cluster);
                        rd_kafka_destroy(rk);
                        return 1;
                }
        }

        struct sigaction action;
        memset(&action, 0, sizeof(action));
        action.sa_handler = on_signal;
        sigaction(SIGTERM, &action, NULL);
        sigaction(SIGINT, &action, NULL);
        signal(SIGPIPE, SIG_IGN);

        printf("BOOTSTRAP=%s\n", rd_kafka_mock_cluster_bootstraps(cluster));
        fflush(stdout);

        /* Lives as long as stdin stays open (input is read and ignored) and no signal came. */
        char buffer[256];
        while (!stop_requested) {
                struct pollfd pfd = {.fd = STDIN_FILENO, .events = POLLIN};
                int ready = poll(&pfd, 1, 500);
                if (ready < 0) {
                        if (errno == EINTR) continue;
                        break;
                }
                if (ready == 0) continue;
                ssize_t n = read(STDIN_FILENO, buffer, sizeof(buffer));
                if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN)) break;
        }

        rd_kafka_mock_cluster_destroy(cluster);
        rd_kafka_destroy(rk);
        return 0;
}
