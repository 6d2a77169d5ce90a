package deploy

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"sigs.k8s.io/yaml"

	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/settings/backend"
)

// object is the part of a Kubernetes object the tests read.
type object struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Metadata   struct {
		Name   string            `json:"name"`
		Labels map[string]string `json:"labels"`
	} `json:"metadata"`
	Spec spec `json:"spec"`
	// Secret
	StringData map[string]string `json:"stringData"`
	// Kustomization
	Resources []string `json:"resources"`
}

type spec struct {
	// Workloads
	Replicas            *int   `json:"replicas"`
	ServiceName         string `json:"serviceName"`
	PodManagementPolicy string `json:"podManagementPolicy"`
	// Selector is a label selector ({matchLabels: …}) in workloads and
	// budgets, a plain map of labels in a Service: see selects.
	Selector json.RawMessage `json:"selector"`
	Template struct {
		Metadata struct {
			Labels map[string]string `json:"labels"`
		} `json:"metadata"`
		Spec podSpec `json:"spec"`
	} `json:"template"`
	// Service
	ClusterIP string `json:"clusterIP"`
	Ports     []struct {
		Name       string `json:"name"`
		Port       int    `json:"port"`
		TargetPort any    `json:"targetPort"`
	} `json:"ports"`
	// HPA
	ScaleTargetRef struct{ APIVersion, Kind, Name string } `json:"scaleTargetRef"`
	MinReplicas    *int                                    `json:"minReplicas"`
	MaxReplicas    int                                     `json:"maxReplicas"`
	Metrics        []struct {
		Type     string `json:"type"`
		Resource struct {
			Name string `json:"name"`
		} `json:"resource"`
	} `json:"metrics"`
	// PDB
	MinAvailable   any `json:"minAvailable"`
	MaxUnavailable any `json:"maxUnavailable"`
	// Ingress
	TLS   []struct{ Hosts []string } `json:"tls"`
	Rules []struct {
		HTTP struct {
			Paths []struct {
				Path    string `json:"path"`
				Backend struct {
					Service struct {
						Name string `json:"name"`
					} `json:"service"`
				} `json:"backend"`
			} `json:"paths"`
		} `json:"http"`
	} `json:"rules"`
}

// selects reports whether the object's selector selects pods with labels.
func (s spec) selects(labels map[string]string) bool {
	var ls struct {
		MatchLabels map[string]string `json:"matchLabels"`
	}
	if json.Unmarshal(s.Selector, &ls) == nil && len(ls.MatchLabels) > 0 {
		return subset(ls.MatchLabels, labels)
	}
	var m map[string]string
	return json.Unmarshal(s.Selector, &m) == nil && subset(m, labels)
}

type podSpec struct {
	TerminationGracePeriodSeconds *int `json:"terminationGracePeriodSeconds"`
	SecurityContext               struct {
		RunAsNonRoot *bool `json:"runAsNonRoot"`
	} `json:"securityContext"`
	Containers []container `json:"containers"`
}

type container struct {
	Name  string `json:"name"`
	Image string `json:"image"`
	Env   []struct {
		Name      string `json:"name"`
		Value     string `json:"value"`
		ValueFrom *struct {
			SecretKeyRef *struct{ Name, Key string } `json:"secretKeyRef"`
			FieldRef     *struct {
				FieldPath string `json:"fieldPath"`
			} `json:"fieldRef"`
		} `json:"valueFrom"`
	} `json:"env"`
	Ports []struct {
		Name          string `json:"name"`
		ContainerPort int    `json:"containerPort"`
	} `json:"ports"`
	ReadinessProbe *probe `json:"readinessProbe"`
	LivenessProbe  *probe `json:"livenessProbe"`
	Resources      struct {
		Requests map[string]string `json:"requests"`
		Limits   map[string]string `json:"limits"`
	} `json:"resources"`
	SecurityContext struct {
		AllowPrivilegeEscalation *bool `json:"allowPrivilegeEscalation"`
		ReadOnlyRootFilesystem   *bool `json:"readOnlyRootFilesystem"`
	} `json:"securityContext"`
}

type probe struct {
	HTTPGet *struct {
		Path string `json:"path"`
		Port any    `json:"port"`
	} `json:"httpGet"`
}

// load decodes every object of the YAML files in dir.
func load(t *testing.T, dir string) map[string][]object {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no manifests in %s: %v", dir, err)
	}
	out := map[string][]object{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, doc := range bytes.Split(data, []byte("\n---\n")) {
			if len(bytes.TrimSpace(doc)) == 0 {
				continue
			}
			var o object
			if err := yaml.Unmarshal(doc, &o); err != nil {
				t.Fatalf("%s, document %d: %v", f, i+1, err)
			}
			out[filepath.Base(f)] = append(out[filepath.Base(f)], o)
		}
	}
	return out
}

// find returns the one object of kind named name.
func find(t *testing.T, all map[string][]object, kind, name string) object {
	t.Helper()
	var found []object
	for _, objs := range all {
		for _, o := range objs {
			if o.Kind == kind && o.Metadata.Name == name {
				found = append(found, o)
			}
		}
	}
	if len(found) != 1 {
		t.Fatalf("%d %s named %s, want one", len(found), kind, name)
	}
	return found[0]
}

// env returns the container's environment: literal values, and
// "secret:NAME/KEY" or "field:PATH" for the others.
func env(c container) (map[string]string, []string) {
	m := map[string]string{}
	var order []string
	for _, e := range c.Env {
		v := e.Value
		if e.ValueFrom != nil && e.ValueFrom.SecretKeyRef != nil {
			v = "secret:" + e.ValueFrom.SecretKeyRef.Name + "/" + e.ValueFrom.SecretKeyRef.Key
		} else if e.ValueFrom != nil && e.ValueFrom.FieldRef != nil {
			v = "field:" + e.ValueFrom.FieldRef.FieldPath
		}
		m[e.Name] = v
		order = append(order, e.Name)
	}
	return m, order
}

var apiVersions = map[string]string{
	"StatefulSet": "apps/v1", "Deployment": "apps/v1", "Service": "v1", "Secret": "v1",
	"HorizontalPodAutoscaler": "autoscaling/v2", "PodDisruptionBudget": "policy/v1",
	"Ingress": "networking.k8s.io/v1", "Kustomization": "kustomize.config.k8s.io/v1beta1",
}

func TestManifestsDecode(t *testing.T) {
	all := load(t, "kubernetes")
	for file, objs := range all {
		for _, o := range objs {
			if want, ok := apiVersions[o.Kind]; !ok || o.APIVersion != want || o.Metadata.Name == "" && o.Kind != "Kustomization" {
				t.Errorf("%s: %s %q apiVersion %q: want a known kind with apiVersion %q and a name", file, o.Kind, o.Metadata.Name, o.APIVersion, want)
			}
		}
	}
	// kustomization.yaml lists every manifest but the secret's example.
	k := all["kustomization.yaml"]
	if len(k) != 1 {
		t.Fatal("no kustomization.yaml")
	}
	for file := range all {
		listed := slices.Contains(k[0].Resources, file)
		if want := file != "kustomization.yaml" && file != "secret.example.yaml"; listed != want {
			t.Errorf("kustomization.yaml lists %s: %v, want %v", file, listed, want)
		}
	}
}

// checkPod checks what every pod of the bot needs: the token from the
// secret, the HTTP server on the container port, probes on /readyz and
// /healthz, resources, a grace period over SHUTDOWN_GRACE, no root.
func checkPod(t *testing.T, name string, ps podSpec, secretKeys map[string]bool) map[string]string {
	t.Helper()
	if len(ps.Containers) != 1 {
		t.Fatalf("%s: %d containers", name, len(ps.Containers))
	}
	c := ps.Containers[0]
	e, _ := env(c)
	if ref := e["DISCORD_TOKEN"]; ref != "secret:sudokubot/token" {
		t.Errorf("%s: DISCORD_TOKEN = %q, want it from the sudokubot secret", name, ref)
	}
	// Every pod shares one PostgreSQL: the URL holds a password, so it
	// comes from the secret too.
	if ref := e["DATABASE_URL"]; ref != "secret:sudokubot/database-url" {
		t.Errorf("%s: DATABASE_URL = %q, want it from the sudokubot secret (database-url)", name, ref)
	}
	for _, v := range e {
		if key, ok := strings.CutPrefix(v, "secret:sudokubot/"); ok && !secretKeys[key] {
			t.Errorf("%s: secret key %s is not in secret.example.yaml", name, key)
		}
	}
	_, port, err := splitPort(e["HTTP_ADDR"])
	if err != nil || len(c.Ports) != 1 || c.Ports[0].ContainerPort != port {
		t.Errorf("%s: HTTP_ADDR %q, container ports %+v: want the same port", name, e["HTTP_ADDR"], c.Ports)
	}
	for _, p := range []struct {
		name string
		p    *probe
		path string
	}{{"readiness", c.ReadinessProbe, "/readyz"}, {"liveness", c.LivenessProbe, "/healthz"}} {
		if p.p == nil || p.p.HTTPGet == nil || p.p.HTTPGet.Path != p.path || fmt.Sprint(p.p.HTTPGet.Port) != c.Ports[0].Name {
			t.Errorf("%s: %s probe %+v, want GET %s on the http port", name, p.name, p.p, p.path)
		}
	}
	for _, r := range []string{"cpu", "memory"} {
		if c.Resources.Requests[r] == "" || c.Resources.Limits[r] == "" {
			t.Errorf("%s: no %s request and limit", name, r)
		}
	}
	grace, err := time.ParseDuration(e["SHUTDOWN_GRACE"])
	if err != nil {
		grace = bot.DefaultShutdownGrace
	}
	if ps.TerminationGracePeriodSeconds == nil || time.Duration(*ps.TerminationGracePeriodSeconds)*time.Second < grace+5*time.Second {
		t.Errorf("%s: terminationGracePeriodSeconds %v, want SHUTDOWN_GRACE (%v) plus a margin", name, ps.TerminationGracePeriodSeconds, grace)
	}
	if ps.SecurityContext.RunAsNonRoot == nil || !*ps.SecurityContext.RunAsNonRoot ||
		c.SecurityContext.AllowPrivilegeEscalation == nil || *c.SecurityContext.AllowPrivilegeEscalation ||
		c.SecurityContext.ReadOnlyRootFilesystem == nil || !*c.SecurityContext.ReadOnlyRootFilesystem {
		t.Errorf("%s: want non-root, no privilege escalation, a read-only root filesystem", name)
	}
	return e
}

func splitPort(addr string) (string, int, error) {
	i := strings.LastIndexByte(addr, ':')
	if i < 0 {
		return "", 0, fmt.Errorf("no port in %q", addr)
	}
	p, err := strconv.Atoi(addr[i+1:])
	return addr[:i], p, err
}

// variables returns the variables .env.example documents.
func variables(t *testing.T) map[string]bool {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", ".env.example"))
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]bool{}
	for _, v := range regexp.MustCompile(`(?m)^#?([A-Z][A-Z0-9_]+)=`).FindAllStringSubmatch(string(b), -1) {
		m[v[1]] = true
	}
	return m
}

// TestSecretDatabaseIsPostgres: the database the pods share is PostgreSQL
// (an SQLite file cannot be shared by several pods), in a URL the bot reads.
func TestSecretDatabaseIsPostgres(t *testing.T) {
	secret := find(t, load(t, "kubernetes"), "Secret", "sudokubot")
	loc, err := backend.Parse(secret.StringData["database-url"])
	if err != nil || loc.Kind != backend.Postgres {
		t.Errorf("the secret's database-url %q (%v): want a postgres:// URL", secret.StringData["database-url"], err)
	}
}

func TestGatewayStatefulSet(t *testing.T) {
	all := load(t, "kubernetes")
	secret := find(t, all, "Secret", "sudokubot")
	keys := map[string]bool{}
	for k := range secret.StringData {
		keys[k] = true
	}
	ss := find(t, all, "StatefulSet", "sudokubot-gateway")
	e := checkPod(t, "gateway", ss.Spec.Template.Spec, keys)
	documented := variables(t)
	_, order := env(ss.Spec.Template.Spec.Containers[0])
	for _, name := range order {
		if !documented[name] && name != "POD_NAME" {
			t.Errorf("gateway: %s is not a variable of the bot (.env.example)", name)
		}
	}
	if ss.Spec.PodManagementPolicy != "OrderedReady" {
		t.Errorf("podManagementPolicy %q: pods must start one at a time, each once the previous is ready", ss.Spec.PodManagementPolicy)
	}
	svc := find(t, all, "Service", ss.Spec.ServiceName)
	if svc.Spec.ClusterIP != "None" {
		t.Errorf("the StatefulSet's service %s is not headless", svc.Metadata.Name)
	}
	if !ss.Spec.selects(ss.Spec.Template.Metadata.Labels) || !svc.Spec.selects(ss.Spec.Template.Metadata.Labels) {
		t.Error("the StatefulSet's or the service's selector does not select its pods")
	}
	if e["GATEWAY"] == "false" || e["REGISTER_COMMANDS"] != "" {
		t.Errorf("GATEWAY=%q REGISTER_COMMANDS=%q: the gateway pods connect, and the one with shard 0 registers", e["GATEWAY"], e["REGISTER_COMMANDS"])
	}

	// Each pod's shards, from its name, as the bot computes them: every
	// shard exactly once, and exactly one pod runs shard 0.
	count, err := strconv.Atoi(e["SHARD_COUNT"])
	if err != nil {
		t.Fatalf("SHARD_COUNT %q: a StatefulSet needs a number", e["SHARD_COUNT"])
	}
	if e["POD_NAME"] != "field:metadata.name" || slices.Index(order, "POD_NAME") > slices.Index(order, "SHARD_GROUP") {
		t.Errorf("POD_NAME %q must come from metadata.name, before SHARD_GROUP refers to it", e["POD_NAME"])
	}
	replicas := *ss.Spec.Replicas
	seen := make([]int, count)
	for ordinal := range replicas {
		group := strings.ReplaceAll(e["SHARD_GROUP"], "$(POD_NAME)", fmt.Sprintf("%s-%d", ss.Metadata.Name, ordinal))
		index, groups, err := bot.ParseShardGroup(group)
		if err != nil || groups != replicas {
			t.Fatalf("pod %d: SHARD_GROUP %q (%v): want %d groups, one per replica", ordinal, group, err, replicas)
		}
		for _, id := range bot.GroupShards(index, groups, count) {
			seen[id]++
		}
	}
	for id, n := range seen {
		if n != 1 {
			t.Errorf("shard %d is run by %d pods", id, n)
		}
	}
	if count/replicas > 16 {
		t.Errorf("%d shards a pod: a restart would take %d identifies", count/replicas, count/replicas)
	}

	pdb := find(t, all, "PodDisruptionBudget", "sudokubot-gateway")
	if pdb.Spec.MaxUnavailable == nil && pdb.Spec.MinAvailable == nil || !pdb.Spec.selects(ss.Spec.Template.Metadata.Labels) {
		t.Errorf("the gateway's PodDisruptionBudget %+v does not bound its pods", pdb.Spec)
	}
}

func TestInteractionsDeployment(t *testing.T) {
	all := load(t, "kubernetes")
	secret := find(t, all, "Secret", "sudokubot")
	keys := map[string]bool{}
	for k := range secret.StringData {
		keys[k] = true
	}
	d := find(t, all, "Deployment", "sudokubot-interactions")
	e := checkPod(t, "interactions", d.Spec.Template.Spec, keys)
	documented := variables(t)
	for name := range e {
		if !documented[name] {
			t.Errorf("interactions: %s is not a variable of the bot (.env.example)", name)
		}
	}
	if e["GATEWAY"] != "false" || e["DISCORD_PUBLIC_KEY"] != "secret:sudokubot/public-key" {
		t.Errorf("GATEWAY=%q DISCORD_PUBLIC_KEY=%q: want the endpoint only, the key from the secret", e["GATEWAY"], e["DISCORD_PUBLIC_KEY"])
	}
	// Exactly one process registers the commands: the gateway pod with
	// shard 0, so none of these.
	if e["REGISTER_COMMANDS"] != "false" {
		t.Errorf("REGISTER_COMMANDS=%q: HTTP-only pods would each register (the gateway pod with shard 0 does)", e["REGISTER_COMMANDS"])
	}
	if !d.Spec.selects(d.Spec.Template.Metadata.Labels) {
		t.Error("the Deployment's selector does not select its pods")
	}

	svc := find(t, all, "Service", "sudokubot-interactions")
	if !svc.Spec.selects(d.Spec.Template.Metadata.Labels) || len(svc.Spec.Ports) != 1 ||
		fmt.Sprint(svc.Spec.Ports[0].TargetPort) != d.Spec.Template.Spec.Containers[0].Ports[0].Name {
		t.Errorf("the interactions service does not send to the pods' http port: %+v", svc.Spec)
	}
	hpa := find(t, all, "HorizontalPodAutoscaler", "sudokubot-interactions")
	ref := hpa.Spec.ScaleTargetRef
	if ref.Kind != "Deployment" || ref.Name != d.Metadata.Name || ref.APIVersion != "apps/v1" {
		t.Errorf("the autoscaler scales %+v, want the Deployment", ref)
	}
	if hpa.Spec.MinReplicas == nil || *hpa.Spec.MinReplicas < 2 || hpa.Spec.MaxReplicas < *hpa.Spec.MinReplicas ||
		len(hpa.Spec.Metrics) == 0 || hpa.Spec.Metrics[0].Resource.Name != "cpu" {
		t.Errorf("autoscaler %+v: want at least 2 replicas, a maximum above, on CPU", hpa.Spec)
	}
	pdb := find(t, all, "PodDisruptionBudget", "sudokubot-interactions")
	if pdb.Spec.MinAvailable == nil || !pdb.Spec.selects(d.Spec.Template.Metadata.Labels) {
		t.Errorf("the interactions PodDisruptionBudget %+v does not keep a pod", pdb.Spec)
	}
	ing := find(t, all, "Ingress", "sudokubot-interactions")
	if len(ing.Spec.TLS) == 0 || len(ing.Spec.Rules) != 1 || len(ing.Spec.Rules[0].HTTP.Paths) != 1 {
		t.Fatalf("ingress %+v: want TLS (Discord requires HTTPS) and one path", ing.Spec)
	}
	if p := ing.Spec.Rules[0].HTTP.Paths[0]; p.Path != "/interactions" || p.Backend.Service.Name != svc.Metadata.Name {
		t.Errorf("ingress path %+v, want /interactions only, to the service", p)
	}

	// Both workloads run the same image.
	ss := find(t, all, "StatefulSet", "sudokubot-gateway")
	if a, b := ss.Spec.Template.Spec.Containers[0].Image, d.Spec.Template.Spec.Containers[0].Image; a != b {
		t.Errorf("images %s and %s differ", a, b)
	}
}

func TestDockerCompose(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "docker-compose.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var compose struct {
		Services map[string]struct {
			Build           string                  `json:"build"`
			EnvFile         string                  `json:"env_file"`
			Environment     map[string]string       `json:"environment"`
			Ports           []string                `json:"ports"`
			StopGracePeriod string                  `json:"stop_grace_period"`
			Restart         string                  `json:"restart"`
			ReadOnly        bool                    `json:"read_only"`
			Volumes         []string                `json:"volumes"`
			Healthcheck     struct{ Test []string } `json:"healthcheck"`
		} `json:"services"`
	}
	if err := yaml.Unmarshal(data, &compose); err != nil {
		t.Fatal(err)
	}
	s, ok := compose.Services["bot"]
	if !ok {
		t.Fatalf("no bot service: %v", compose.Services)
	}
	if s.Build != "." || s.EnvFile != ".env" || s.Restart == "" || !s.ReadOnly {
		t.Errorf("bot service %+v: want the image built here, .env, a restart policy, a read-only filesystem", s)
	}
	stop, err := time.ParseDuration(s.StopGracePeriod)
	if err != nil || stop < bot.DefaultShutdownGrace+5*time.Second {
		t.Errorf("stop_grace_period %q, want SHUTDOWN_GRACE (%v) plus a margin", s.StopGracePeriod, bot.DefaultShutdownGrace)
	}
	_, port, err := splitPort(s.Environment["HTTP_ADDR"])
	if err != nil || len(s.Ports) != 1 || !strings.HasSuffix(s.Ports[0], ":"+strconv.Itoa(port)) {
		t.Errorf("HTTP_ADDR %q and ports %v disagree", s.Environment["HTTP_ADDR"], s.Ports)
	}
	want := []string{"CMD", "/sudokubot", "-healthcheck", fmt.Sprintf("http://127.0.0.1:%d/readyz", port)}
	if !slices.Equal(s.Healthcheck.Test, want) {
		t.Errorf("healthcheck %v, want %v", s.Healthcheck.Test, want)
	}
	// The settings database (the image's DATABASE_URL, in /data) on a
	// volume: the filesystem is read-only, and a new container keeps them.
	if !slices.ContainsFunc(s.Volumes, func(v string) bool { return strings.HasSuffix(v, ":"+dataDir) }) {
		t.Errorf("volumes %v: want one on %s, where the settings database is", s.Volumes, dataDir)
	}
	if v, ok := s.Environment["DATABASE_URL"]; ok {
		t.Errorf("DATABASE_URL=%q in the compose file: the image's (on the volume) is the one to use", v)
	}
}

// dataDir is where the image keeps the SQLite settings database.
const dataDir = "/data"

// TestDockerfileData: the image keeps the settings database in /data,
// writable by its non-root user (its / is not), as a volume, and
// DATABASE_URL points there.
func TestDockerfileData(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	var final []string // the runtime stage's instructions
	for _, l := range strings.Split(string(data), "\n") {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "FROM ") {
			final = nil
		}
		if l != "" && !strings.HasPrefix(l, "#") {
			final = append(final, l)
		}
	}
	has := func(prefix string) bool {
		return slices.ContainsFunc(final, func(l string) bool { return strings.HasPrefix(l, prefix) })
	}
	for _, want := range []string{
		"COPY --from=build --chown=65532:65532 /out/data " + dataDir,
		"USER nonroot",
		"WORKDIR " + dataDir,
		"VOLUME " + dataDir,
		"ENV DATABASE_URL=sqlite:" + dataDir + "/",
	} {
		if !has(want) {
			t.Errorf("the runtime stage has no %q:\n%s", want, strings.Join(final, "\n"))
		}
	}
	if !strings.Contains(string(data), "chown 65532:65532 /out/data") {
		t.Error("the build stage does not make /out/data for the non-root user 65532")
	}
	for _, l := range final {
		if v, ok := strings.CutPrefix(l, "ENV DATABASE_URL="); ok {
			if loc, err := backend.Parse(v); err != nil || loc.Kind != backend.SQLite || !strings.HasPrefix(loc.Path, dataDir+"/") {
				t.Errorf("DATABASE_URL=%s (%v): want an SQLite file in %s", v, err, dataDir)
			}
		}
	}
}

// subset reports whether every label of sel is in labels.
func subset(sel, labels map[string]string) bool {
	if len(sel) == 0 {
		return false
	}
	for k, v := range sel {
		if labels[k] != v {
			return false
		}
	}
	return true
}

// TestKustomizeBuilds builds the kustomization with kubectl, offline, when
// kubectl is installed (apply --dry-run=client needs a cluster to validate
// against; kustomize does not).
func TestKustomizeBuilds(t *testing.T) {
	kubectl, err := exec.LookPath("kubectl")
	if err != nil {
		t.Skip("kubectl not installed")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, kubectl, "kustomize", "kubernetes").CombinedOutput()
	if err != nil {
		t.Fatalf("kubectl kustomize: %v\n%s", err, out)
	}
	for _, want := range []string{"kind: StatefulSet", "kind: Deployment", "kind: HorizontalPodAutoscaler", "image: ghcr.io/sudokubot/sudokubot:latest"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("kustomize output lacks %q", want)
		}
	}
}
