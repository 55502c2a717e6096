package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// p4 runs BenchmarkReadThroughput (get-template through the local gateway
// at 1, 4 and 16 clients beside DynamoDB Local's GetItem rate at the same
// concurrency) and returns its rows; none when the benchmark failed.
func p4(out string) []Row {
	file, _ := filepath.Abs(filepath.Join(out, "p4.json"))
	run(out, "p4-read-throughput", []string{"SVC_BENCH_OUT=" + file},
		"test", "-count=1", "-run", "^$", "-bench", "^BenchmarkReadThroughput$", "-benchtime", "1x", "./internal/local/devstack")
	var levels []struct {
		Clients       int     `json:"clients"`
		PerSecond     float64 `json:"gateway_per_s"`
		StorePerS     float64 `json:"getitem_per_s"`
		Ratio         float64 `json:"ratio"`
		Block         int     `json:"block"`
		UpdatesPer100 int     `json:"updates_per_100_reads"`
	}
	raw, err := os.ReadFile(file)
	if err != nil || json.Unmarshal(raw, &levels) != nil {
		return nil
	}
	var rows []Row
	for _, l := range levels {
		rows = append(rows, Row{Item: fmt.Sprintf("P4 get-template, clients=%d", l.Clients), Figure: "reads/s",
			Value: l.PerSecond, Unit: "1/s", Baseline: "GetItem on DynamoDB Local, same clients", BaseVal: l.StorePerS,
			Ratio: l.Ratio, Note: fmt.Sprintf("token blocks of up to %d: %d UpdateItem per 100 sequential reads", l.Block, l.UpdatesPer100)})
	}
	return rows
}
