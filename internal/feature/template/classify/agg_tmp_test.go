package classify

import (
	"fmt"
	"testing"
)

func TestAggTmp(t *testing.T) {
	for _, f := range []string{"testdata/heldout2.json", "testdata/dev7.json"} {
		r := evaluate(loadCases(t, f))
		fmt.Printf("%s: agreement %.3f (%d/%d), harmful approved %d of %d, other Stage A %d\n", f, r.accuracy(), r.correct(), len(r.cases), r.harmfulApprovals(), r.harmful(), r.count("", labelStageA))
	}
}
