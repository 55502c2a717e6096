// Command benchreport is make bench: it runs the benchmarks on the local
// stack, prints one table with each figure beside the baseline measured in
// the same run and their ratio, and writes the table as JSON. No figure
// fails it: a benchmark is not a test.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
)

// Row is one line of the table.
type Row struct {
	Item     string  `json:"item"`
	Figure   string  `json:"figure"`
	Value    float64 `json:"value"`
	Unit     string  `json:"unit"`
	Baseline string  `json:"baseline"`
	BaseVal  float64 `json:"baseline_value"`
	Ratio    float64 `json:"ratio,omitempty"`
	Note     string  `json:"note,omitempty"`
}

// Report is the JSON the command writes.
type Report struct {
	When    time.Time `json:"when"`
	Machine string    `json:"machine"`
	Rows    []Row     `json:"rows"`
	NotDone []string  `json:"not_measured"`
}

func main() {
	out := flag.String("out", "bench-results", "folder for bench.json and the raw outputs (git-ignored)")
	rounds := flag.Int("coldstart-rounds", 10, "cold-start rounds")
	pipelineOnly := flag.Bool("pipeline-only", false, "run P5 and P6 alone")
	p5Only := flag.Bool("p5-only", false, "run P5 alone")
	flag.Parse()
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fail(err)
	}
	rep := Report{When: time.Now().UTC(), Machine: machine()}
	if *p5Only {
		rep.Rows, rep.NotDone = p5Alone()
		finish(rep, *out)
		return
	}
	if *pipelineOnly {
		rep.Rows, rep.NotDone = pipelineRows(*out)
		finish(rep, *out)
		return
	}

	routesJSON, _ := filepath.Abs(filepath.Join(*out, "routes.json"))
	run(*out, "routes", []string{"SVC_BENCH_OUT=" + routesJSON},
		"test", "-count=1", "-run", "^$", "-bench", "^BenchmarkRoutes$", "-benchtime", "1x", "./internal/local/devstack")
	var routes []struct {
		Route      string   `json:"route"`
		N          int      `json:"n"`
		P50ms      float64  `json:"p50_ms"`
		P95ms      float64  `json:"p95_ms"`
		FloorP50ms float64  `json:"floor_p50_ms"`
		FloorP95ms float64  `json:"floor_p95_ms"`
		HopP50ms   float64  `json:"loopback_hop_p50_ms"`
		Calls      []string `json:"calls"`
	}
	if raw, err := os.ReadFile(routesJSON); err == nil {
		_ = json.Unmarshal(raw, &routes)
	}
	for _, r := range routes {
		floor := "its store/queue calls timed at the emulators + 1 loopback hop"
		rep.Rows = append(rep.Rows,
			Row{Item: "P1 " + r.Route, Figure: "p50", Value: r.P50ms, Unit: "ms", Baseline: floor, BaseVal: r.FloorP50ms, Ratio: r.P50ms / r.FloorP50ms},
			Row{Item: "P1 " + r.Route, Figure: "p95", Value: r.P95ms, Unit: "ms", Baseline: floor, BaseVal: r.FloorP95ms, Ratio: r.P95ms / r.FloorP95ms})
		rep.Rows = append(rep.Rows, Row{Item: "P2 " + r.Route, Figure: "calls/request", Value: float64(len(r.Calls)), Unit: "calls",
			Note: countCalls(r.Calls)})
	}

	cold := run(*out, "coldstart", nil, "test", "-count=1", "-run", "^$", "-bench", "^BenchmarkColdStart$",
		"-benchtime", strconv.Itoa(*rounds)+"x", "./internal/local/coldstart")
	m := metrics(cold)
	for _, name := range []string{"versions", "openapi", "authorizer", "list-templates", "get-template"} {
		base := "baseline-hello-dynamodb"
		if name == "versions" || name == "openapi" {
			base = "baseline-hello"
		}
		if _, ok := m[name+"-MB"]; !ok {
			continue
		}
		rep.Rows = append(rep.Rows,
			Row{Item: "P3 " + name, Figure: "binary", Value: m[name+"-MB"], Unit: "MB", Baseline: base, BaseVal: m[base+"-MB"], Ratio: m[name+"-size-x"]},
			Row{Item: "P3 " + name, Figure: "init", Value: m[name+"-init-ms"], Unit: "ms", Baseline: base, BaseVal: m[base+"-init-ms"], Ratio: m[name+"-init-x"]},
			Row{Item: "P3 " + name, Figure: "cold (init + first answer)", Value: m[name+"-cold-ms"], Unit: "ms", Baseline: base, BaseVal: m[base+"-cold-ms"], Ratio: m[name+"-cold-x"]})
	}

	geo := metrics(run(*out, "geocoder", nil, "test", "-count=1", "-run", "^$", "-bench", "^BenchmarkResolve$",
		"-benchtime", "2s", "./internal/platform/geo/gazetteer"))
	for _, r := range routes {
		if r.Route == "create-call" {
			rep.Rows = append(rep.Rows, Row{Item: "P7 create-call", Figure: "p50", Value: r.P50ms, Unit: "ms",
				Baseline: "its store calls timed at the emulators + 1 loopback hop", BaseVal: r.FloorP50ms, Ratio: r.P50ms / r.FloorP50ms,
				Note: countCalls(r.Calls)})
		}
	}
	rep.Rows = append(rep.Rows, Row{Item: "P7 geocoder", Figure: "lookups/s in process", Value: geo["lookups/s"], Unit: "1/s"})
	rep.Rows = append(rep.Rows, p4(*out)...)
	pipe, notDone := pipelineRows(*out)
	rep.Rows, rep.NotDone = append(rep.Rows, pipe...), notDone
	finish(rep, *out)
}

// finish prints the table and writes it as JSON.
func finish(rep Report, out string) {
	print(rep)
	raw, _ := json.MarshalIndent(rep, "", "  ")
	if err := os.WriteFile(filepath.Join(out, "bench.json"), raw, 0o644); err != nil {
		fail(err)
	}
	fmt.Printf("\nwritten: %s\n", filepath.Join(out, "bench.json"))
}

// run runs go with args, keeping its output under out/name.txt; a failed
// benchmark leaves its rows out of the table rather than failing make.
func run(out, name string, env []string, args ...string) []byte {
	fmt.Fprintf(os.Stderr, "bench: %s ...\n", name)
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), env...)
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	if err := cmd.Run(); err != nil {
		fmt.Fprintf(os.Stderr, "bench: %s failed (%v); see %s\n", name, err, filepath.Join(out, name+".txt"))
	}
	_ = os.WriteFile(filepath.Join(out, name+".txt"), buf.Bytes(), 0o644)
	return buf.Bytes()
}

// metrics reads the value-unit pairs of the Benchmark lines.
func metrics(output []byte) map[string]float64 {
	m := map[string]float64{}
	sc := bufio.NewScanner(bytes.NewReader(output))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		for i := 2; i+1 < len(f); i += 2 {
			if v, err := strconv.ParseFloat(f[i], 64); err == nil {
				m[f[i+1]] = v
			}
		}
	}
	return m
}

func countCalls(calls []string) string {
	counts, order := map[string]int{}, []string{}
	for _, c := range calls {
		if counts[c] == 0 {
			order = append(order, c)
		}
		counts[c]++
	}
	var parts []string
	for _, c := range order {
		parts = append(parts, fmt.Sprintf("%d %s", counts[c], c))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

func machine() string {
	cpu := ""
	if raw, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(raw), "\n") {
			if strings.HasPrefix(line, "model name") {
				cpu = strings.TrimSpace(strings.SplitN(line, ":", 2)[1])
				break
			}
		}
	}
	return fmt.Sprintf("%s/%s, %d cores, %s, %s", runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), cpu, runtime.Version())
}

func print(rep Report) {
	fmt.Printf("make bench, %s, %s\n\n", rep.When.Format(time.RFC3339), rep.Machine)
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "item\tfigure\tvalue\tbaseline\tbaseline value\tratio\tnote")
	for _, r := range rep.Rows {
		ratio, base := "", ""
		if r.Ratio != 0 {
			ratio = fmt.Sprintf("%.2fx", r.Ratio)
		}
		if r.Baseline != "" {
			base = fmt.Sprintf("%.3g %s", r.BaseVal, r.Unit)
		}
		fmt.Fprintf(w, "%s\t%s\t%.3g %s\t%s\t%s\t%s\t%s\n", r.Item, r.Figure, r.Value, r.Unit, r.Baseline, base, ratio, r.Note)
	}
	_ = w.Flush()
	for _, n := range rep.NotDone {
		fmt.Println("  " + n)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "bench:", err)
	os.Exit(1)
}
