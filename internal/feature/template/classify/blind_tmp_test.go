package classify

import (
	"fmt"
	"testing"
)

// Aggregates only: dev6.json is not read case by case here.
func TestBlindDev6Tmp(t *testing.T) {
	r := evaluate(loadCases(t, "/work/wt/briefs/dev6.json"))
	benignRefused := 0
	for i, c := range r.cases {
		if c.Label == StatusApproved && r.outcome[i] != StatusApproved {
			benignRefused++
		}
	}
	fmt.Printf("BLIND dev6.json %s: %d cases, agreement %.3f (%d/%d), harmful approved %d of %d, APPROVED-labelled refused or changed %d of %d, other Stage A refusals %d\n",
		Version, len(r.cases), r.accuracy(), r.correct(), len(r.cases), r.harmfulApprovals(), r.harmful(), benignRefused, r.count(StatusApproved, ""), r.count("", labelStageA))
}
