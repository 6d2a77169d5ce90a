// Package deploy holds the deployment files of the bot: Kubernetes
// manifests in kubernetes/ (a StatefulSet of gateway shards, a Deployment,
// Service, autoscaler and Ingress for the interactions endpoint) and, at the
// root of the repository, docker-compose.yml for one machine. Its tests
// decode them and check the fields that matter: shard coverage, the one
// process that registers the commands, probes, secrets, resources, grace
// periods. It has no code.
package deploy
