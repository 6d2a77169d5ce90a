# syntax=docker/dockerfile:1
# Build: docker build -t sudokubot .
# Run:   docker run --rm --env-file .env --stop-timeout 20 sudokubot
# (--stop-timeout: SHUTDOWN_GRACE, 10 s by default, plus a margin; Docker's default is 10 s.)

FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/sudokubot ./cmd/bot

# Distroless static: CA roots and tzdata, no shell, runs as the non-root user 65532.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/sudokubot /sudokubot
USER nonroot:nonroot
# With HTTP_ADDR=:8080: the interactions endpoint, /healthz, /readyz and /metrics.
EXPOSE 8080
ENTRYPOINT ["/sudokubot"]
