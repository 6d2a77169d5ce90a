# syntax=docker/dockerfile:1
# Build: docker build -t sudokubot .
# Run:   docker run --rm --env-file .env -v sudokubot-data:/data --stop-timeout 20 sudokubot
# (--stop-timeout: SHUTDOWN_GRACE, 10 s by default, plus a margin; Docker's default is 10 s.
# -v: the servers' settings and daily puzzles, kept in /data, outlive the container.)

FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/sudokubot ./cmd/bot
# The settings database's directory: the runtime image has no shell to make it,
# and its / is not writable by the non-root user.
RUN mkdir -p /out/data && chown 65532:65532 /out/data

# Distroless static: CA roots and tzdata, no shell, runs as the non-root user 65532.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/sudokubot /sudokubot
COPY --from=build --chown=65532:65532 /out/data /data
USER nonroot:nonroot
# Per-server settings and daily puzzles: an SQLite file on the /data volume
# (mount one to keep them across containers), unless DATABASE_URL names
# PostgreSQL. A relative sqlite:PATH is in /data too.
WORKDIR /data
VOLUME /data
ENV DATABASE_URL=sqlite:/data/sudokubot.db
# With HTTP_ADDR=:8080: the interactions endpoint, /healthz, /readyz and /metrics.
EXPOSE 8080
ENTRYPOINT ["/sudokubot"]
