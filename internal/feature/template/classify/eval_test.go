package classify

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"svc/internal/feature/template"
	"svc/internal/platform/apperr"
)

// The floors TestEvaluation holds: a little below what the review reaches
// on testdata/eval.json (accuracy 0.985, macro F1 0.975 with
// rules-2026.11.2, 0.988 and 0.980 with rules-2026.11.3, 0.994 and 0.989
// with rules-2026.11.4, 0.997 and 0.996 with rules-2026.11.5 and
// rules-2026.11.6; 0.928 and
// 0.931 with rules-2026.11.1 before its new cases), so that a change that
// makes the classifier worse fails, and one that makes it better can raise
// them.
const (
	accuracyFloor = 0.99
	macroF1Floor  = 0.99
)

// heldOutPrefix marks the cases written after the rules and never used to
// tune them: their accuracy is the honest estimate of how the rules do on
// phrasing they were not written for. A change made to fix a held-out case
// spends it; write a fresh held-out batch when that happens.
const heldOutPrefix = "x_"

const (
	evalFile = "testdata/eval.json"
	// heldoutFile is a batch written and labelled by someone who never saw
	// the rules. Nothing may read its cases one by one, neither to tune the
	// rules nor in a report: the evaluation prints aggregate figures for
	// it and never names a case, so that it stays an honest estimate.
	heldoutFile = "testdata/heldout.json"
	// heldout2File is a second held-out batch (121 cases in seven
	// language tags), written and labelled by someone who never saw the
	// rules when heldout.json had been read too often to stay honest. The
	// same rule holds: aggregates only, never a case.
	heldout2File = "testdata/heldout2.json"
	// heldout3File is a third held-out batch (120 cases in seven language
	// tags), written and labelled blind after rules-2026.11.13, when
	// heldout2.json had been read eight times: aggregates only, never a
	// case.
	heldout3File = "testdata/heldout3.json"
	// heldout4File is a fourth held-out batch (121 cases in seven language
	// tags), written and labelled blind on 2026-11-23 after
	// rules-2026.11.14, when heldout3.json had been read twice: aggregates
	// only, never a case.
	heldout4File = "testdata/heldout4.json"
	// heldout5File is a fifth held-out batch (125 cases in seven language
	// tags), written and labelled blind on 2026-11-23 after
	// rules-2026.11.17, when heldout4.json had been read at every step of
	// that session: aggregates only, never a case.
	heldout5File = "testdata/heldout5.json"
	// heldout6File is a sixth held-out batch (122 cases in seven language
	// tags), written and labelled blind on 2026-11-23 after
	// rules-2026.11.19, when heldout5.json had been read twice: aggregates
	// only, never a case.
	heldout6File = "testdata/heldout6.json"
	// heldout7File is a seventh held-out batch (134 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.22, when heldout6.json had been read at every step of
	// two sessions: aggregates only, never a case.
	heldout7File = "testdata/heldout7.json"
	// heldout8File is an eighth held-out batch (134 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.23, to a brief whose label definitions follow svc's
	// naming: aggregates only, never a case.
	heldout8File = "testdata/heldout8.json"
	// heldout9File is a ninth held-out batch (140 cases in seven language
	// tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.24, to heldout8.json's brief: aggregates only, never a
	// case.
	heldout9File = "testdata/heldout9.json"
	// heldout10File is a tenth held-out batch (135 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.25, to heldout8.json's brief: aggregates only, never a
	// case.
	heldout10File = "testdata/heldout10.json"
	// heldout11File is an eleventh held-out batch (137 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.26, to heldout8.json's brief: aggregates only, never a
	// case.
	heldout11File = "testdata/heldout11.json"
	// heldout12File is a twelfth held-out batch (133 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.27, to heldout8.json's brief: aggregates only, never a
	// case.
	heldout12File = "testdata/heldout12.json"
	// heldout13File is a thirteenth held-out batch (136 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.28, to heldout8.json's brief: aggregates only, never a
	// case.
	heldout13File = "testdata/heldout13.json"
	// heldout14File is a fourteenth held-out batch (127 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.28, to a brief of a month of the review queue's
	// submissions: aggregates only, never a case.
	heldout14File = "testdata/heldout14.json"
	// heldout15File is a fifteenth held-out batch (140 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.29, to heldout14.json's brief: aggregates only, never
	// a case.
	heldout15File = "testdata/heldout15.json"
	// heldout16File is a sixteenth held-out batch (133 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.31, to heldout14.json's brief: aggregates only, never
	// a case.
	heldout16File = "testdata/heldout16.json"
	// heldout17File is a seventeenth held-out batch (132 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.32, to heldout14.json's brief: aggregates only, never
	// a case.
	heldout17File = "testdata/heldout17.json"
	// heldout18File is an eighteenth held-out batch (141 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.33, to heldout14.json's brief: aggregates only, never
	// a case.
	heldout18File = "testdata/heldout18.json"
	// heldout19File is a nineteenth held-out batch (128 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.33, to heldout14.json's brief: aggregates only, never
	// a case.
	heldout19File = "testdata/heldout19.json"
	// heldout20File is a twentieth held-out batch (126 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.34, to heldout14.json's brief: aggregates only, never
	// a case.
	heldout20File = "testdata/heldout20.json"
	// heldout21File is a twenty-first held-out batch (133 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.34, to heldout14.json's brief: aggregates only, never
	// a case.
	heldout21File = "testdata/heldout21.json"
	// heldout22File is a twenty-second held-out batch (158 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.35, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout22File = "testdata/heldout22.json"
	// heldout23File is a twenty-third held-out batch (139 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.36, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout23File = "testdata/heldout23.json"
	// heldout24File is a twenty-fourth held-out batch (136 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.37, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout24File = "testdata/heldout24.json"
	// heldout25File is a twenty-fifth held-out batch (132 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.38, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout25File = "testdata/heldout25.json"
	// heldout26File is a twenty-sixth held-out batch (151 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.40, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout26File = "testdata/heldout26.json"
	// heldout27File is a twenty-seventh held-out batch (133 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.41, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout27File = "testdata/heldout27.json"
	// heldout28File is a twenty-eighth held-out batch (132 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.42, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout28File = "testdata/heldout28.json"
	// heldout29File is a twenty-ninth held-out batch (131 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.42, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout29File = "testdata/heldout29.json"
	// heldout30File is a thirtieth held-out batch (138 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.43, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout30File = "testdata/heldout30.json"
	// heldout31File is a thirty-first held-out batch (128 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.44, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout31File = "testdata/heldout31.json"
	// heldout32File is a thirty-second held-out batch (133 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.45, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout32File = "testdata/heldout32.json"
	// heldout33File is a thirty-third held-out batch (129 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.46, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout33File = "testdata/heldout33.json"
	// heldout34File is a thirty-fourth held-out batch (126 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.47, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout34File = "testdata/heldout34.json"
	// heldout35File is a thirty-fifth held-out batch (137 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.48, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout35File = "testdata/heldout35.json"
	// heldout36File is a thirty-sixth held-out batch (141 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.49, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout36File = "testdata/heldout36.json"
	// heldout37File is a thirty-seventh held-out batch (140 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.51, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout37File = "testdata/heldout37.json"
	// heldout38File is a thirty-eighth held-out batch (134 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.52, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout38File = "testdata/heldout38.json"
	// heldout39File is a thirty-ninth held-out batch (130 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.54, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout39File = "testdata/heldout39.json"
	// heldout40File is a fortieth held-out batch (129 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.54, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout40File = "testdata/heldout40.json"
	// heldout41File is a forty-first held-out batch (141 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.55, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout41File = "testdata/heldout41.json"
	// heldout42File is a forty-second held-out batch (138 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.55, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout42File = "testdata/heldout42.json"
	// heldout43File is a forty-third held-out batch (142 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.56, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout43File = "testdata/heldout43.json"
	// heldout44File is a forty-fourth held-out batch (137 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.56, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout44File = "testdata/heldout44.json"
	// heldout45File is a forty-fifth held-out batch (133 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.57, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout45File = "testdata/heldout45.json"
	// heldout46File is a forty-sixth held-out batch (126 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.58, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout46File = "testdata/heldout46.json"
	// heldout47File is a forty-seventh held-out batch (132 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.59, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout47File = "testdata/heldout47.json"
	// heldout48File is a forty-eighth held-out batch (134 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.61, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout48File = "testdata/heldout48.json"
	// heldout49File is a forty-ninth held-out batch (126 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.62, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout49File = "testdata/heldout49.json"
	// heldout50File is a fiftieth held-out batch (137 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.63, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout50File = "testdata/heldout50.json"
	// heldout51File is a fifty-first held-out batch (146 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.64, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout51File = "testdata/heldout51.json"
	// heldout52File is a fifty-second held-out batch (127 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.65, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout52File = "testdata/heldout52.json"
	// heldout53File is a fifty-third held-out batch (144 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.66, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout53File = "testdata/heldout53.json"
	// heldout54File is a fifty-fourth held-out batch (126 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.67, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout54File = "testdata/heldout54.json"
	// heldout55File is a fifty-fifth held-out batch (140 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.68, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout55File = "testdata/heldout55.json"
	// heldout56File is a fifty-sixth held-out batch (133 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.69, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout56File = "testdata/heldout56.json"
	// heldout57File is a fifty-seventh held-out batch (130 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.70, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout57File = "testdata/heldout57.json"
	// heldout58File is a fifty-eighth held-out batch (144 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.72, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout58File = "testdata/heldout58.json"
	// heldout59File is a fifty-ninth held-out batch (126 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.73, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout59File = "testdata/heldout59.json"
	// heldout60File is a sixtieth held-out batch (129 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.74, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout60File = "testdata/heldout60.json"
	// heldout61File is a sixty-first held-out batch (133 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.75, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout61File = "testdata/heldout61.json"
	// heldout62File is a sixty-second held-out batch (129 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.77, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout62File = "testdata/heldout62.json"
	// heldout63File is a sixty-third held-out batch (128 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.78, to heldout14.json's brief with other sectors:
	// aggregates only, never a case.
	heldout63File = "testdata/heldout63.json"
	// heldout64File is a sixty-fourth held-out batch (144 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.81, as a tester holding the interface document writes
	// them: short, plain cases of every outcome, a third of them regulated
	// offers: aggregates only, never a case.
	heldout64File = "testdata/heldout64.json"
	// heldout65File is a sixty-fifth held-out batch (130 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.82, to heldout64.json's plain brief: aggregates only,
	// never a case.
	heldout65File = "testdata/heldout65.json"
	// heldout66File is a sixty-sixth held-out batch (139 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.83, to heldout64.json's plain brief: aggregates only,
	// never a case.
	heldout66File = "testdata/heldout66.json"
	// heldout67File is a sixty-seventh held-out batch (142 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.84, to heldout64.json's plain brief: aggregates only,
	// never a case.
	heldout67File = "testdata/heldout67.json"
	// heldout68File is a sixty-eighth held-out batch (126 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.85, to heldout64.json's plain brief: aggregates only,
	// never a case.
	heldout68File = "testdata/heldout68.json"
	// heldout69File is a sixty-ninth held-out batch (126 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.86, to heldout64.json's plain brief: aggregates only,
	// never a case.
	heldout69File = "testdata/heldout69.json"
	// heldout70File is a seventieth held-out batch (126 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.87, to heldout64.json's plain brief: aggregates only,
	// never a case.
	heldout70File = "testdata/heldout70.json"

	// heldout71File is a seventy-first held-out batch (126 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.88, to heldout64.json's plain brief: aggregates only,
	// never a case.
	heldout71File = "testdata/heldout71.json"

	// heldout72File is a seventy-second held-out batch (143 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.89, to heldout64.json's plain brief: aggregates only,
	// never a case.
	heldout72File = "testdata/heldout72.json"

	// heldout73File is a seventy-third held-out batch (140 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.90, to heldout64.json's plain brief: aggregates only,
	// never a case.
	heldout73File = "testdata/heldout73.json"

	// heldout74File is a seventy-fourth held-out batch (126 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.91, to heldout64.json's plain brief: aggregates only,
	// never a case.
	heldout74File = "testdata/heldout74.json"

	// heldout75File is a seventy-fifth held-out batch (140 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.92, to heldout64.json's plain brief: aggregates only,
	// never a case.
	heldout75File = "testdata/heldout75.json"

	// heldout76File is a seventy-sixth held-out batch (139 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.93, to heldout64.json's plain brief: aggregates only,
	// never a case.
	heldout76File = "testdata/heldout76.json"

	// heldout77File is a seventy-seventh held-out batch (140 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.95, to heldout64.json's plain brief: aggregates only,
	// never a case.
	heldout77File = "testdata/heldout77.json"

	// heldout78File is a seventy-eighth held-out batch (136 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.96, to heldout64.json's plain brief: aggregates only,
	// never a case.
	heldout78File = "testdata/heldout78.json"

	// heldout79File is a seventy-ninth held-out batch (133 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.97, to heldout64.json's plain brief: aggregates only,
	// never a case.
	heldout79File = "testdata/heldout79.json"

	// heldout80File is an eightieth held-out batch (134 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.98, to heldout64.json's plain brief: aggregates only,
	// never a case.
	heldout80File = "testdata/heldout80.json"

	// heldout81File is an eighty-first held-out batch (148 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.99, to heldout64.json's plain brief: aggregates only,
	// never a case.
	heldout81File = "testdata/heldout81.json"

	// heldout82File is an eighty-second held-out batch (141 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.100, to heldout64.json's plain brief: aggregates only,
	// never a case.
	heldout82File = "testdata/heldout82.json"

	// heldout83File is an eighty-third held-out batch (133 cases in seven
	// language tags), written and labelled blind on 2026-11-28 after
	// rules-2026.11.101, to heldout64.json's plain brief: aggregates only,
	// never a case.
	heldout83File = "testdata/heldout83.json"
	// dev2File is a development batch written and labelled by someone who
	// never saw the rules, then used to tune them: its figures say how the
	// rules do on the phrasing they were tuned on, not on new phrasing, so
	// the report names its misses and its floors only stop a regression.
	dev2File = "testdata/dev2.json"
	// dev3File is a third development batch (130 cases in five languages),
	// written and labelled by someone who never saw the rules, then used
	// to tune rules-2026.11.4: like dev2.json, its misses are reported and
	// its floors only stop a regression.
	dev3File = "testdata/dev3.json"
	// dev4File is a fourth development batch (150 cases in five languages),
	// written and labelled without seeing the rules. rules-2026.11.5 was
	// measured on it blind first (0.733, 26 of 70 harmful approvals; the
	// rules-2026.11.4 it started from: 0.653 and 38), then tuned on it: like
	// the other development sets, its misses are reported and its floors
	// only stop a regression.
	dev4File = "testdata/dev4.json"
	// dev5File is a fifth development batch (139 cases in seven language
	// tags), written and labelled without seeing the rules, heavy on
	// regulated and scam wording made to slip past a keyword screen. Measured
	// blind first: 0.647 and 43 of 90 harmful approvals under
	// rules-2026.11.5 as it shipped, 0.669 and 40 after the families written
	// from first principles for rules-2026.11.6; then rules-2026.11.6 was
	// tuned on it. Its misses are reported and its floors only stop a
	// regression.
	dev5File = "testdata/dev5.json"
	// dev6File is a sixth development batch (140 cases in seven language
	// tags), written and labelled without seeing the rules. Measured blind
	// first, with the intent layer in: 0.850 and 9 of 60 harmful approvals
	// under rules-2026.11.6 (the same without the intent layer); then
	// rules-2026.11.7 was tuned on it. Its misses are reported and its
	// floors only stop a regression.
	dev6File = "testdata/dev6.json"
	// dev7File is a seventh development batch (147 cases in seven language
	// tags), written and labelled without seeing the rules, heavy on pitches
	// split across fields, testimonials and coined product names. Measured
	// blind first: 0.857 and 12 of 60 harmful approvals under
	// rules-2026.11.7, 0.871 and 10 with Stage A's whole-template read;
	// then rules-2026.11.8 was tuned on it. Its misses are reported and
	// its floors only stop a regression.
	dev7File = "testdata/dev7.json"
	// dev8File is an eighth development batch (140 cases in seven language
	// tags), written and labelled without seeing the rules, reaching for
	// the long tail of regulated offers and scams. Measured blind first
	// under rules-2026.11.8: 0.779 and 18 of 60 harmful approvals; then
	// rules-2026.11.9 was tuned on it. Its
	// misses are reported and its floors only stop a regression.
	dev8File = "testdata/dev8.json"
	// dev9File is a ninth development batch (149 cases in seven language
	// tags), written and labelled without seeing the rules, as a careful
	// sender who knows a filter reads would write: the harm implied, in
	// example values, URLs and buttons, neutral business words, slang.
	// Measured blind first under rules-2026.11.9: 0.752 and 32 of 63
	// harmful approvals; then rules-2026.11.10 was tuned on it. Its misses are reported and its floors only stop a
	// regression.
	dev9File = "testdata/dev9.json"
	// dev10File is a tenth development batch (146 cases in seven language
	// tags), written and labelled without seeing the rules, heavy on
	// genuine messages that share words and shapes with scams and
	// regulated offers (60 labelled approved). Measured blind first under
	// rules-2026.11.10: 0.911, 2 of 56 harmful approvals and 8 of 60
	// approved templates refused; then rules-2026.11.11 was tuned on it. Its misses
	// are reported and its floors only stop a regression.
	dev10File = "testdata/dev10.json"
	// dev11File is an eleventh development batch (140 cases in seven
	// language tags), written and labelled without seeing the rules as a
	// random week of a provider's submissions (45 approved, 14
	// recategorised, 60 regulated or scams). Measured blind first under
	// rules-2026.11.11: 0.943 and 2 of 60 harmful approvals; then
	// rules-2026.11.12 was tuned on it. Its misses
	// are reported and its floors only stop a regression.
	dev11File = "testdata/dev11.json"
	// dev12File is a twelfth development batch (140 cases in seven
	// language tags), written and labelled without seeing the rules by a
	// red team: each harm once, in the version a determined sender would
	// submit. Measured blind first under rules-2026.11.12: 0.743 and 27 of
	// 70 harmful approvals; then rules-2026.11.13 was tuned on it. Its misses are reported and its
	// floors only stop a regression.
	dev12File = "testdata/dev12.json"
	// dev13File is a thirteenth development batch (146 cases in seven
	// language tags), written and labelled without seeing the rules: harms
	// told through their mechanics and this year's pretexts. Measured blind
	// first under rules-2026.11.13: 0.726 and 27 of 65 harmful approvals;
	// then rules-2026.11.14 was tuned on it.
	// Its misses are reported and its floors only stop a regression.
	dev13File = "testdata/dev13.json"
	// dev14File is a fourteenth development batch (140 cases in seven
	// language tags), written and labelled without seeing the rules as a
	// fair sample of a month from businesses that do not know a filter
	// exists. Measured blind first under rules-2026.11.14: 0.850 and 7 of 60
	// harmful approvals.
	// Its misses are reported and its floors only stop a regression.
	dev14File = "testdata/dev14.json"
	// dev15File is a fifteenth development batch (151 cases in seven
	// language tags), written and labelled without seeing the rules for
	// breadth: each harmful case its own sub-family (42 regulated, 33
	// scams), beside allowed businesses next to them. Measured blind first
	// under rules-2026.11.14: 0.874 and 13 of 75
	// harmful approvals.
	// Its misses are reported and its floors only stop a regression.
	dev15File = "testdata/dev15.json"
	// dev16File is a sixteenth development batch (145 cases in seven
	// language tags), written and labelled without seeing the rules for
	// local realism: each country's second and third most common scam
	// scripts and regulated offers. Measured blind first under
	// rules-2026.11.16: 0.876 and 4 of 64
	// harmful approvals; then rules-2026.11.16 was tuned on it.
	// Its misses are reported and its floors only stop a regression.
	dev16File = "testdata/dev16.json"
	// dev17File is a seventeenth development batch (143 cases in seven
	// language tags), written and labelled without seeing the rules: harm
	// dressed as service notices, often in one field only (a header, a
	// footer, a button, a URL, an example value). Measured blind first
	// under rules-2026.11.15: 0.874 and 7 of 65
	// harmful approvals; then rules-2026.11.16 was tuned on it.
	// Its misses are reported and its floors only stop a regression.
	dev17File = "testdata/dev17.json"
	// dev18File is an eighteenth development batch (143 cases in seven
	// language tags), written and labelled without seeing the rules:
	// licensed businesses advertising regulated products in ordinary
	// marketing language, beside their service notices. Measured blind
	// first under rules-2026.11.16 (as tuned on dev19.json): 0.881 and 7 of 63
	// harmful approvals; then rules-2026.11.17 was tuned on it.
	// Its misses are reported and its floors only stop a regression.
	dev18File = "testdata/dev18.json"
	// dev19File is a nineteenth development batch (127 cases in seven
	// language tags), written and labelled without seeing the rules as a
	// fair sample of a month, to the held-out batches' brief. Measured
	// blind first under rules-2026.11.16: 0.866 and 4 of 55
	// harmful approvals; then rules-2026.11.17 was tuned on it.
	// Its misses are reported and its floors only stop a regression.
	dev19File = "testdata/dev19.json"
	// dev20File is a twentieth development batch (120 cases in seven
	// language tags), written and labelled without seeing the rules as a
	// fair month, to the held-out batches' brief. Measured blind first
	// under rules-2026.11.17: 0.883 and 2 of 50
	// harmful approvals; then rules-2026.11.18 was tuned on it.
	// Its misses are reported and its floors only stop a regression.
	dev20File = "testdata/dev20.json"
	// dev21File is a twenty-first development batch (140 cases in seven
	// language tags), written and labelled without seeing the rules by a
	// red team that knows a filter reads the templates. Measured blind
	// under rules-2026.11.18 (0.864, 9 of 60 approved), then tuned on by
	// rules-2026.11.19 and rules-2026.11.20.
	dev21File = "testdata/dev21.json"
	// dev22File is a twenty-second development batch (120 cases in seven
	// language tags), written and labelled without seeing the rules as a
	// fair month in the regional voices of each language's countries.
	// Measured blind under rules-2026.11.19 (with the first dev23.json
	// fixes, written beside it): 0.858 and 9 of 50 harmful approvals; then
	// rules-2026.11.20 was tuned on it.
	dev22File = "testdata/dev22.json"
	// dev23File is a twenty-third development batch (145 cases in seven
	// language tags), written and labelled without seeing the rules by a
	// red team that knows a filter reads the templates. Measured blind
	// under rules-2026.11.19 (with the two dev21.json fixes of .20): 0.862
	// and 11 of 62 harmful approvals; then rules-2026.11.20 was tuned on
	// it.
	dev23File = "testdata/dev23.json"
	// dev24File is a twenty-fourth development batch (130 cases in seven
	// language tags), written and labelled without seeing the rules as a
	// fair month for older recipients and small businesses, with the
	// notices harmful senders imitate. Measured blind under
	// rules-2026.11.20: 0.885 and 5 of 55 harmful approvals; then
	// rules-2026.11.21 was tuned on it.
	dev24File = "testdata/dev24.json"
	// dev25File is a twenty-fifth development batch (142 cases in seven
	// language tags), written and labelled without seeing the rules by a
	// red team that puts the harm outside a short, ordinary body (in
	// footers, example values, buttons). Measured blind under
	// rules-2026.11.21 as tuned on dev24.json: 0.866 and 5 of 60 harmful
	// approvals; then rules-2026.11.21 was tuned on it too.
	dev25File = "testdata/dev25.json"
	// dev26File is a twenty-sixth development batch (154 cases in seven
	// language tags), written and labelled without seeing the rules as
	// people really type: without accents or umlauts, in SMS
	// abbreviations, mixing languages, in regional words. Measured blind
	// under rules-2026.11.22 (see dev26AgreementFloor); then tuned on.
	dev26File = "testdata/dev26.json"
	// dev27File is a twenty-seventh development batch (143 cases in seven
	// language tags), written and labelled without seeing the rules in the
	// trades where scams hide (recruitment, marketplaces, rentals, dating,
	// gift cards, charities, pensions, benefits and customs, telecom and
	// energy, education and visas), each with genuine templates and
	// harmful and benign look-alikes. Measured blind under
	// rules-2026.11.22 (see dev27AgreementFloor); then tuned on.
	dev27File = "testdata/dev27.json"
	// dev28File is a twenty-eighth development batch (140 cases in seven
	// language tags), written and labelled without seeing the rules by a
	// red team that hides one harmful ask in ordinary notices, split
	// across fields, typed casually or in a trade's jargon, beside genuine
	// templates that look dangerous. Measured blind under rules-2026.11.23
	// (see dev28AgreementFloor); then tuned on.
	dev28File = "testdata/dev28.json"
	// dev29File is a twenty-ninth development batch (136 cases in seven
	// language tags), written and labelled without seeing the rules: the
	// regulated verticals told by what they promise, each beside genuine
	// look-alikes. Measured blind under rules-2026.11.23 (see
	// dev29AgreementFloor); then tuned on.
	dev29File = "testdata/dev29.json"
	// dev30File is a thirtieth development batch (141 cases in seven
	// language tags), written and labelled without seeing the rules by a
	// second red team told to use scripts a word list would not have seen,
	// beside genuine templates that look dangerous. Measured blind under
	// rules-2026.11.24 (see dev30AgreementFloor); then tuned on.
	dev30File = "testdata/dev30.json"
	// dev31File is a thirty-first development batch (131 cases in seven
	// language tags), written and labelled without seeing the rules as a
	// fair month from small businesses in their regional voices. Measured
	// blind under rules-2026.11.24 (see dev31AgreementFloor); then tuned on.
	dev31File = "testdata/dev31.json"
	// dev32File is a thirty-second development batch (140 cases in seven
	// language tags), written and labelled without seeing the rules by a
	// red team writing like ordinary small businesses: short, polite,
	// plausible asks in everyday words. Measured blind under
	// rules-2026.11.25 (see dev32AgreementFloor); then tuned on.
	dev32File = "testdata/dev32.json"
	// dev33File is a thirty-third development batch (141 cases in seven
	// language tags), written and labelled without seeing the rules by a
	// red team aiming at every outcome (harm dressed as each category, in
	// stories, FAQs, buttons and example values), beside genuine look-alikes.
	// Measured blind under rules-2026.11.26 (see dev33AgreementFloor).
	dev33File = "testdata/dev33.json"
	// dev34File is a thirty-fourth development batch (136 cases in seven
	// language tags), written and labelled without seeing the rules for
	// older and younger recipients (pensions, pharmacies, banks; gaming,
	// crypto, side hustles, dating). Measured blind under rules-2026.11.27
	// (see dev34AgreementFloor).
	dev34File = "testdata/dev34.json"
	// dev35File is a thirty-fifth development batch (132 cases in seven
	// language tags), written and labelled without seeing the rules: harm
	// dressed as the ordinary notices around it (scams in delivery, bank,
	// tax and school notices; regulated offers worded softly; harm in a
	// header, footer or button) beside genuine templates of the same
	// trades. Measured blind under rules-2026.11.28 (see dev35AgreementFloor).
	dev35File = "testdata/dev35.json"
	// dev36File is a thirty-sixth development batch (126 cases in seven
	// language tags), written and labelled without seeing the rules: a
	// fair month from trades seldom in the spotlight (vets, driving
	// schools, funeral homes, solar installers, pawnshops, crowdfunding,
	// second-hand marketplaces). Measured blind under rules-2026.11.30
	// (see dev36AgreementFloor).
	dev36File = "testdata/dev36.json"
	// dev37File is a thirty-seventh development batch (135 cases in seven
	// language tags), written and labelled without seeing the rules: a
	// fair month from the businesses people use every week (supermarkets,
	// banks, operators, streaming, delivery, airlines, town halls).
	// Measured blind under rules-2026.11.31 (see dev37AgreementFloor).
	dev37File = "testdata/dev37.json"
	// dev38File is a thirty-eighth development batch (134 cases in seven
	// language tags), written and labelled without seeing the rules: a
	// fair month from offices and institutions (insurers, lawyers, estate
	// agents, universities, hospitals, government services, charities).
	// Measured blind under rules-2026.11.32 (see dev38AgreementFloor).
	dev38File = "testdata/dev38.json"
	// dev39File is a thirty-ninth development batch (127 cases in seven
	// language tags), written and labelled without seeing the rules: a
	// fair month from hospitality, mobility and leisure (hotels, rentals,
	// transport, parks, venues, restaurants, tour operators). Measured
	// blind under rules-2026.11.33 (see dev39AgreementFloor).
	dev39File = "testdata/dev39.json"
	// dev40File is a fortieth development batch (126 cases in seven
	// language tags), written and labelled without seeing the rules: a
	// fair month where money moves (fintechs, insurers, telecoms,
	// marketplaces, landlords, debt collectors, remittance services).
	// Measured blind under rules-2026.11.34 (see dev40AgreementFloor).
	dev40File = "testdata/dev40.json"
	// dev41File is a forty-first development batch (140 cases in seven
	// language tags), written and labelled without seeing the rules: a
	// fair month of notices (schools, clubs, city halls, clinics,
	// newspapers, SaaS tools, subscription boxes, event organisers), with
	// newsletters declared UTILITY and Catalan or Galician declared as
	// Spanish. Measured blind under rules-2026.11.35 (see
	// dev41AgreementFloor).
	dev41File = "testdata/dev41.json"
	// dev42File is a forty-second development batch (130 cases in seven
	// language tags), written and labelled without seeing the rules: a
	// fair month in health, beauty and wellness (pharmacies, clinics,
	// gyms, spas, supplement shops, labs, telehealth, health insurers).
	// Measured blind under rules-2026.11.36 (see dev42AgreementFloor).
	dev42File = "testdata/dev42.json"
	// dev43File is a forty-third development batch (133 cases in seven
	// language tags), written and labelled without seeing the rules:
	// scams and regulated offers in the clothes of everyday notices, the
	// harm in one clause, an example, a footer or a button, beside the
	// notices they copy. Measured blind under rules-2026.11.37 (see
	// dev43AgreementFloor).
	dev43File = "testdata/dev43.json"
	// dev44File is a forty-fourth development batch (144 cases in seven
	// language tags), written and labelled without seeing the rules: a
	// fair month typed fast (abbreviations, missing accents, emoji,
	// regional words). Measured blind under rules-2026.11.39 (see
	// dev44AgreementFloor).
	dev44File = "testdata/dev44.json"
	// dev45File is a forty-fifth development batch (140 cases in seven
	// language tags), written and labelled without seeing the rules:
	// platforms writing to their sellers, drivers, hosts and creators, and
	// the harm aimed at them worded as the platforms word their notices.
	// Measured blind under rules-2026.11.40 (see dev45AgreementFloor).
	dev45File = "testdata/dev45.json"
	// dev46File is a forty-sixth development batch (139 cases in seven
	// language tags), written and labelled without seeing the rules:
	// regulated offers as real businesses word them, beside their honest
	// neighbours (statements, receipts, lottery shops' hours, charity
	// raffles, prescriptions, exchanges' login alerts). Measured blind under
	// rules-2026.11.41 (see dev46AgreementFloor).
	dev46File = "testdata/dev46.json"
	// dev47File is a forty-seventh development batch (132 cases in seven
	// language tags), written and labelled without seeing the rules: a red
	// team that hides the harm where reviewers look last (an example value,
	// a button, a footer, a header, one clause). Measured blind under
	// rules-2026.11.42 (see dev47AgreementFloor).
	dev47File = "testdata/dev47.json"
	// dev48File is a forty-eighth development batch (138 cases in seven
	// language tags), written and labelled without seeing the rules:
	// phone numbers, payment details and buttons, carried the ordinary way
	// by genuine templates and used for the harm by the others (a
	// premium-rate or personal number for a bank, a private payee for a
	// company's bill, a look-alike link). Measured blind under
	// rules-2026.11.44 (see dev48AgreementFloor).
	dev48File = "testdata/dev48.json"
	// dev49File is a forty-ninth development batch (146 cases in seven
	// language tags), written and labelled without seeing the rules:
	// one-person businesses and cross-border customers whose own mobiles,
	// free-mail payment keys, foreign accounts and international numbers
	// are honest, beside the frauds that borrow the same details. Measured
	// blind under rules-2026.11.45 (see dev49AgreementFloor).
	dev49File = "testdata/dev49.json"
	// dev50File is a fiftieth development batch (151 cases in seven
	// language tags), written and labelled without seeing the rules:
	// regulated offers worded as ordinary retail (instalments, free bets,
	// staking yields, supplements that "support" a condition) beside
	// their honest neighbours. Measured blind under rules-2026.11.46 (see
	// dev50AgreementFloor).
	dev50File = "testdata/dev50.json"
	// dev51File is a fifty-first development batch (145 cases in seven
	// language tags), written and labelled without seeing the rules: the
	// scripts people report this year (toll and parking fines, customs
	// fees, SIM swaps, codes "sent by mistake", task jobs, investment
	// groups, new-number relatives) beside the genuine notices they copy.
	// Measured blind under rules-2026.11.47 (see dev51AgreementFloor).
	dev51File = "testdata/dev51.json"
	// dev52File is a fifty-second development batch (137 cases in seven
	// language tags), written and labelled without seeing the rules: a
	// fair month from a reviewer strict about categories and format
	// (upsells in receipts, codes and greetings in the wrong category,
	// headers off topic, neighbouring languages declared as the nearby
	// tag). Measured blind under rules-2026.11.48 (see
	// dev52AgreementFloor).
	dev52File = "testdata/dev52.json"
	// dev53File is a fifty-third development batch (137 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors and scams
	// as varied as the sectors. Measured blind under rules-2026.11.49 (see
	// dev53AgreementFloor).
	dev53File = "testdata/dev53.json"
	// dev54File is a fifty-fourth development batch (126 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.51 (see dev54AgreementFloor).
	dev54File = "testdata/dev54.json"
	// dev55File is a fifty-fifth development batch (141 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.53 (see dev55AgreementFloor).
	dev55File = "testdata/dev55.json"
	// dev56File is a fifty-sixth development batch (128 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.54 (see dev56AgreementFloor).
	dev56File = "testdata/dev56.json"
	// dev57File is a fifty-seventh development batch (147 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.55 (see dev57AgreementFloor).
	dev57File = "testdata/dev57.json"
	// dev58File is a fifty-eighth development batch (129 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.56 (see dev58AgreementFloor).
	dev58File = "testdata/dev58.json"
	// dev59File is a fifty-ninth development batch (135 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.56 (see dev59AgreementFloor).
	dev59File = "testdata/dev59.json"
	// dev60File is a sixtieth development batch (135 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.56 (see dev60AgreementFloor).
	dev60File = "testdata/dev60.json"
	// dev61File is a sixty-first development batch (136 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.57 (see dev61AgreementFloor).
	dev61File = "testdata/dev61.json"
	// dev62File is a sixty-second development batch (134 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.57 (see dev62AgreementFloor).
	dev62File = "testdata/dev62.json"
	// dev63File is a sixty-third development batch (133 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.57 (see dev63AgreementFloor).
	dev63File = "testdata/dev63.json"
	// dev64File is a sixty-fourth development batch (133 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.58 (see dev64AgreementFloor).
	dev64File = "testdata/dev64.json"
	// dev65File is a sixty-fifth development batch (126 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.58 (see dev65AgreementFloor).
	dev65File = "testdata/dev65.json"
	// dev66File is a sixty-sixth development batch (128 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.58 (see dev66AgreementFloor).
	dev66File = "testdata/dev66.json"
	// dev67File is a sixty-seventh development batch (130 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.59 (see dev67AgreementFloor).
	dev67File = "testdata/dev67.json"
	// dev68File is a sixty-eighth development batch (133 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.59 (see dev68AgreementFloor).
	dev68File = "testdata/dev68.json"
	// dev69File is a sixty-ninth development batch (145 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.59 (see dev69AgreementFloor).
	dev69File = "testdata/dev69.json"
	// dev70File is a seventieth development batch (130 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.61 (see dev70AgreementFloor).
	dev70File = "testdata/dev70.json"
	// dev71File is a seventy-first development batch (140 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.61 (see dev71AgreementFloor).
	dev71File = "testdata/dev71.json"
	// dev72File is a seventy-second development batch (126 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.62 (see dev72AgreementFloor).
	dev72File = "testdata/dev72.json"
	// dev73File is a seventy-third development batch (135 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.62 (see dev73AgreementFloor).
	dev73File = "testdata/dev73.json"
	// dev74File is a seventy-fourth development batch (126 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.62 (see dev74AgreementFloor).
	dev74File = "testdata/dev74.json"
	// dev75File is a seventy-fifth development batch (132 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.63 (see dev75AgreementFloor).
	dev75File = "testdata/dev75.json"
	// dev76File is a seventy-sixth development batch (144 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.63 (see dev76AgreementFloor).
	dev76File = "testdata/dev76.json"
	// dev77File is a seventy-seventh development batch (126 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.64 (see dev77AgreementFloor).
	dev77File = "testdata/dev77.json"
	// dev78File is a seventy-eighth development batch (151 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.64 (see dev78AgreementFloor).
	dev78File = "testdata/dev78.json"
	// dev79File is a seventy-ninth development batch (139 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.65 (see dev79AgreementFloor).
	dev79File = "testdata/dev79.json"
	// dev80File is a eightieth development batch (142 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.65 (see dev80AgreementFloor).
	dev80File = "testdata/dev80.json"
	// dev81File is an eighty-first development batch (131 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.66 (see dev81AgreementFloor).
	dev81File = "testdata/dev81.json"
	// dev82File is an eighty-second development batch (138 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.66 (see dev82AgreementFloor).
	dev82File = "testdata/dev82.json"
	// dev83File is an eighty-third development batch (129 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.67 (see dev83AgreementFloor).
	dev83File = "testdata/dev83.json"
	// dev84File is an eighty-fourth development batch (126 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.67 (see dev84AgreementFloor).
	dev84File = "testdata/dev84.json"
	// dev85File is an eighty-fifth development batch (126 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.68 (see dev85AgreementFloor).
	dev85File = "testdata/dev85.json"
	// dev86File is an eighty-sixth development batch (134 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.68 (see dev86AgreementFloor).
	dev86File = "testdata/dev86.json"
	// dev87File is an eighty-seventh development batch (132 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.69 (see dev87AgreementFloor).
	dev87File = "testdata/dev87.json"
	// dev88File is an eighty-eighth development batch (134 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.69 (see dev88AgreementFloor).
	dev88File = "testdata/dev88.json"
	// dev89File is an eighty-ninth development batch (133 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.71 (see dev89AgreementFloor).
	dev89File = "testdata/dev89.json"
	// dev90File is a ninetieth development batch (141 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.71 (see dev90AgreementFloor).
	dev90File = "testdata/dev90.json"
	// dev91File is a ninety-first development batch (130 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.72 (see dev91AgreementFloor).
	dev91File = "testdata/dev91.json"
	// dev92File is a ninety-second development batch (137 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.72 (see dev92AgreementFloor).
	dev92File = "testdata/dev92.json"
	// dev93File is a ninety-third development batch (145 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.73 (see dev93AgreementFloor).
	dev93File = "testdata/dev93.json"
	// dev94File is a ninety-fourth development batch (134 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.73 (see dev94AgreementFloor).
	dev94File = "testdata/dev94.json"
	// dev95File is a ninety-fifth development batch (127 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.74 (see dev95AgreementFloor).
	dev95File = "testdata/dev95.json"
	// dev96File is a ninety-sixth development batch (134 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.74 (see dev96AgreementFloor).
	dev96File = "testdata/dev96.json"
	// dev97File is a ninety-seventh development batch (135 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.75 (see dev97AgreementFloor).
	dev97File = "testdata/dev97.json"
	// dev98File is a ninety-eighth development batch (126 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.75 (see dev98AgreementFloor).
	dev98File = "testdata/dev98.json"
	// dev99File is a ninety-ninth development batch (129 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.77 (see dev99AgreementFloor).
	dev99File = "testdata/dev99.json"
	// dev100File is the hundredth development batch (133 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.77 (see dev100AgreementFloor).
	dev100File = "testdata/dev100.json"
	// dev101File is a hundred-and-first development batch (129 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.79 (see dev101AgreementFloor).
	dev101File = "testdata/dev101.json"
	// dev102File is a hundred-and-second development batch (137 cases in seven
	// language tags), written and labelled without seeing the rules, to
	// the held-out batches' fair-month brief with other sectors. Measured
	// blind under rules-2026.11.79 (see dev102AgreementFloor).
	dev102File = "testdata/dev102.json"
	// dev103File is a hundred-and-third development batch (149 cases in seven
	// language tags), written and labelled without seeing the rules, as a
	// tester holding the interface document writes them: short, plain
	// offers of each regulated vertical beside their benign look-alikes.
	// Measured blind under rules-2026.11.80 (see dev103AgreementFloor).
	dev103File = "testdata/dev103.json"
	// dev104File is a hundred-and-fourth development batch (145 cases in seven
	// language tags), written and labelled without seeing the rules, as a
	// tester holding the interface document writes them: plain offers of
	// each regulated vertical through many products and wordings, beside
	// benign look-alikes. Measured blind under rules-2026.11.81 (see
	// dev104AgreementFloor).
	dev104File = "testdata/dev104.json"
	// dev105File is a hundred-and-fifth development batch (142 cases in seven
	// language tags), written and labelled without seeing the rules, as a
	// tester writes them: short, plain cases of every outcome the review
	// gives, code relays first, beside their benign look-alikes. Measured
	// blind under rules-2026.11.81 (see dev105AgreementFloor).
	dev105File = "testdata/dev105.json"
	// dev106File is a hundred-and-sixth development batch (186 cases in seven
	// language tags), written and labelled without seeing the rules, as a
	// tester holding the interface document writes them: plain offers of each regulated vertical through the
	// products and wordings a tester tries after the obvious ones, beside
	// benign look-alikes. Measured
	// blind under rules-2026.11.82 (see dev106AgreementFloor).
	dev106File = "testdata/dev106.json"
	// dev107File is a hundred-and-seventh development batch (135 cases in seven
	// language tags), written and labelled without seeing the rules, as a
	// tester holding the interface document writes them: plain health claims and investment offers beside
	// their benign look-alikes. Measured
	// blind under rules-2026.11.82 (see dev107AgreementFloor).
	dev107File = "testdata/dev107.json"
	// dev108File is a hundred-and-eighth development batch (167 cases in seven
	// language tags), written and labelled without seeing the rules, as a
	// tester holding the interface document writes them: plain offers a tester tries after the obvious
	// ones and their variants, many worded as service notices. Measured
	// blind under rules-2026.11.83 (see dev108AgreementFloor).
	dev108File = "testdata/dev108.json"
	// dev109File is a hundred-and-ninth development batch (167 cases in seven
	// language tags), written and labelled without seeing the rules, as a
	// tester holding the interface document writes them: plain cases of every outcome, code
	// relays first, beside their benign look-alikes. Measured
	// blind under rules-2026.11.83 (see dev109AgreementFloor).
	dev109File = "testdata/dev109.json"
	// dev110File is a hundred-and-tenth development batch (163 cases in seven
	// language tags), written and labelled without seeing the rules, as a
	// tester holding the interface document writes them: plain offers a tester tries after the first
	// variants, many worded as service notices. Measured
	// blind under rules-2026.11.84 (see dev110AgreementFloor).
	dev110File = "testdata/dev110.json"
	// dev111File is a hundred-and-eleventh development batch (157 cases in seven
	// language tags), written and labelled without seeing the rules, as a
	// tester holding the interface document writes them: plain cases of every outcome, code
	// relays first, beside their benign look-alikes. Measured
	// blind under rules-2026.11.84 (see dev111AgreementFloor).
	dev111File = "testdata/dev111.json"
	// dev112File is a hundred-and-twelfth development batch (148 cases in seven
	// language tags), written and labelled without seeing the rules, as a
	// tester holding the interface document writes them: plain offers a tester tries after the first
	// variants, many worded as service notices. Measured
	// blind under rules-2026.11.85 (see dev112AgreementFloor).
	dev112File = "testdata/dev112.json"
	// dev113File is a hundred-and-thirteenth development batch (141 cases in seven
	// language tags), written and labelled without seeing the rules, as a
	// tester holding the interface document writes them: plain health claims and investment offers beside
	// their benign look-alikes. Measured
	// blind under rules-2026.11.85 (see dev113AgreementFloor).
	dev113File = "testdata/dev113.json"
	// dev114File is a hundred-and-fourteenth development batch (132 cases in seven
	// language tags), written and labelled without seeing the rules, as a
	// tester holding the interface document writes them: plain offers a
	// tester tries after the first variants, many worded as service
	// notices. Measured blind under rules-2026.11.86 (see
	// dev114AgreementFloor).
	dev114File = "testdata/dev114.json"
	// dev115File is a hundred-and-fifteenth development batch (151 cases in
	// seven language tags), written and labelled without seeing the rules,
	// as a tester holding the interface document writes them: plain offers
	// a tester tries after the first variants, many worded as service
	// notices. Measured blind under rules-2026.11.87 (see
	// dev115AgreementFloor).
	dev115File = "testdata/dev115.json"
	// dev116File is a hundred-and-sixteenth development batch (136 cases in
	// seven language tags), written and labelled without seeing the rules,
	// as a tester holding the interface document writes them: plain health
	// claims and investment offers beside their benign look-alikes.
	// Measured blind under rules-2026.11.87 (see dev116AgreementFloor).
	dev116File = "testdata/dev116.json"
	// dev117File is a hundred-and-seventeenth development batch (148 cases in
	// seven language tags), written and labelled without seeing the rules,
	// as a tester holding the interface document writes them: plain offers
	// a tester tries after the first variants, many worded as service
	// notices.
	// Measured blind under rules-2026.11.88 (see dev117AgreementFloor).
	dev117File = "testdata/dev117.json"
	// dev118File is a hundred-and-eighteenth development batch (128 cases in
	// seven language tags), written and labelled without seeing the rules,
	// as a tester holding the interface document writes them: plain health
	// claims and investment offers beside their benign look-alikes.
	// Measured blind under rules-2026.11.88 (see dev118AgreementFloor).
	dev118File = "testdata/dev118.json"
	// dev119File is a hundred-and-nineteenth development batch (132 cases in
	// seven language tags), written and labelled without seeing the rules,
	// as a tester holding the interface document writes them: plain offers
	// a tester tries after the first variants, many worded as service
	// notices.
	// Measured blind under rules-2026.11.89 (see dev119AgreementFloor).
	dev119File = "testdata/dev119.json"
	// dev120File is a hundred-and-twentieth development batch (130 cases in
	// seven language tags), written and labelled without seeing the rules,
	// as a tester holding the interface document writes them: plain health
	// claims and investment offers beside their benign look-alikes.
	// Measured blind under rules-2026.11.89 (see dev120AgreementFloor).
	dev120File = "testdata/dev120.json"
	// dev121File is a hundred-and-twenty-first development batch (134 cases in
	// seven language tags), written and labelled without seeing the rules,
	// as a tester holding the interface document writes them: plain offers
	// a tester tries after the first variants, many worded as service
	// notices.
	// Measured blind under rules-2026.11.90 (see dev121AgreementFloor).
	dev121File = "testdata/dev121.json"
	// dev122File is a hundred-and-twenty-second development batch (126 cases in
	// seven language tags), written and labelled without seeing the rules,
	// as a tester holding the interface document writes them: plain health
	// claims and investment offers beside their benign look-alikes.
	// Measured blind under rules-2026.11.90 (see dev122AgreementFloor).
	dev122File = "testdata/dev122.json"
	// dev123File is a hundred-and-twenty-third development batch (161 cases in
	// seven language tags), written and labelled without seeing the rules,
	// as a tester holding the interface document writes them: plain offers
	// a tester tries after the first variants, many worded as service
	// notices.
	// Measured blind under rules-2026.11.91 (see dev123AgreementFloor).
	dev123File = "testdata/dev123.json"
	// dev124File is a hundred-and-twenty-fourth development batch (135 cases in
	// seven language tags), written and labelled without seeing the rules,
	// as a tester holding the interface document writes them: plain health
	// claims and investment offers beside their benign look-alikes.
	// Measured blind under rules-2026.11.91 (see dev124AgreementFloor).
	dev124File = "testdata/dev124.json"
	// dev125File is a hundred-and-twenty-fifth development batch (140 cases in
	// seven language tags), written and labelled without seeing the rules,
	// as a tester holding the interface document writes them: plain offers
	// a tester tries after the first variants, many worded as service
	// notices.
	// Measured blind under rules-2026.11.92 (see dev125AgreementFloor).
	dev125File = "testdata/dev125.json"
	// dev126File is a hundred-and-twenty-sixth development batch (127 cases in
	// seven language tags), written and labelled without seeing the rules,
	// as a tester holding the interface document writes them: plain health
	// claims and investment offers beside their benign look-alikes.
	// Measured blind under rules-2026.11.92 (see dev126AgreementFloor).
	dev126File = "testdata/dev126.json"
	// dev127File is a hundred-and-twenty-seventh development batch (133 cases in
	// seven language tags), written and labelled without seeing the rules,
	// as a tester holding the interface document writes them: plain offers
	// a tester tries after the first variants, many worded as service
	// notices. Measured blind under rules-2026.11.93 (see
	// dev127AgreementFloor).
	dev127File = "testdata/dev127.json"
	// dev128File is a hundred-and-twenty-eighth development batch (129 cases in
	// seven language tags), written and labelled without seeing the rules,
	// as a tester holding the interface document writes them: plain offers
	// a tester tries after the first variants, many worded as service
	// notices. Measured blind under rules-2026.11.95 (see
	// dev128AgreementFloor).
	dev128File = "testdata/dev128.json"
	// dev129File is a hundred-and-twenty-ninth development batch (134 cases in
	// seven language tags), written and labelled without seeing the rules,
	// as a tester holding the interface document writes them: plain health
	// claims and investment offers beside their benign look-alikes.
	// Measured blind under rules-2026.11.95 (see dev129AgreementFloor).
	dev129File = "testdata/dev129.json"
	// dev130File is a hundred-and-thirtieth development batch (147 cases in
	// seven language tags), written and labelled without seeing the rules,
	// as a tester holding the interface document writes them: plain offers
	// a tester tries after the first variants, many worded as service
	// notices. Measured blind under rules-2026.11.96 (see
	// dev130AgreementFloor).
	dev130File = "testdata/dev130.json"
	// dev131File is a hundred-and-thirty-first development batch (138 cases in
	// seven language tags), written and labelled without seeing the rules,
	// as a tester holding the interface document writes them: plain health
	// claims and investment offers beside their benign look-alikes.
	// Measured blind under rules-2026.11.96 (see dev131AgreementFloor).
	dev131File = "testdata/dev131.json"
	// dev132File is a hundred-and-thirty-second development batch (147 cases in
	// seven language tags), written and labelled without seeing the rules,
	// as a tester holding the interface document writes them: plain offers
	// a tester tries after the first variants, many worded as service
	// notices. Measured blind under rules-2026.11.97 (see
	// dev132AgreementFloor).
	dev132File = "testdata/dev132.json"
	// dev133File is a hundred-and-thirty-third development batch (142 cases in
	// seven language tags), written and labelled without seeing the rules,
	// as a tester holding the interface document writes them: plain health
	// claims and investment offers beside their benign look-alikes.
	// Measured blind under rules-2026.11.97 (see dev133AgreementFloor).
	dev133File = "testdata/dev133.json"
	// dev134File is a hundred-and-thirty-fourth development batch (159 cases in
	// seven language tags), written and labelled without seeing the rules,
	// as a tester holding the interface document writes them: plain offers
	// a tester tries after the first variants, many worded as service
	// notices. Measured blind under rules-2026.11.98 (see
	// dev134AgreementFloor).
	dev134File = "testdata/dev134.json"
	// dev135File is a hundred-and-thirty-fifth development batch (149 cases in
	// seven language tags), written and labelled without seeing the rules,
	// as a tester holding the interface document writes them: plain health
	// claims and investment offers beside their benign look-alikes.
	// Measured blind under rules-2026.11.98 (see dev135AgreementFloor).
	dev135File = "testdata/dev135.json"
	// dev136File is a hundred-and-thirty-sixth development batch (147 cases in
	// seven language tags), written and labelled without seeing the rules,
	// as a tester holding the interface document writes them: plain offers
	// a tester tries after the first variants, many worded as service
	// notices. Measured blind under rules-2026.11.99 (see
	// dev136AgreementFloor).
	dev136File = "testdata/dev136.json"
	// dev137File is a hundred-and-thirty-seventh development batch (138 cases in
	// seven language tags), written and labelled without seeing the rules,
	// as a tester holding the interface document writes them: plain health
	// claims and investment offers beside their benign look-alikes.
	// Measured blind under rules-2026.11.99 (see dev137AgreementFloor).
	dev137File = "testdata/dev137.json"
	// dev138File is a hundred-and-thirty-eighth development batch (148 cases in
	// seven language tags), written and labelled without seeing the rules,
	// as a tester holding the interface document writes them: plain offers
	// a tester tries after the first variants, many worded as service
	// notices. Measured blind under rules-2026.11.100 (see
	// dev138AgreementFloor).
	dev138File = "testdata/dev138.json"
	// dev139File is a hundred-and-thirty-ninth development batch (133 cases in
	// seven language tags), written and labelled without seeing the rules,
	// as a tester holding the interface document writes them: plain health
	// claims and investment offers beside their benign look-alikes.
	// Measured blind under rules-2026.11.100 (see dev139AgreementFloor).
	dev139File = "testdata/dev139.json"
	// dev140File is a hundred-and-fortieth development batch (139 cases in
	// seven language tags), written and labelled without seeing the rules,
	// as a tester holding the interface document writes them: plain offers
	// a tester tries after the first variants, many worded as service
	// notices. Measured blind under rules-2026.11.101 (see
	// dev140AgreementFloor).
	dev140File = "testdata/dev140.json"
	// dev141File is a hundred-and-forty-first development batch (126 cases in
	// seven language tags), written and labelled without seeing the rules,
	// as a tester holding the interface document writes them: plain health
	// claims and investment offers beside their benign look-alikes.
	// Measured blind under rules-2026.11.101 (see dev141AgreementFloor).
	dev141File = "testdata/dev141.json"
)

// Labels of the evaluation that Classify never returns: the whole review
// is Stage A and then the classifier, and Stage A's regulated-vertical
// screen refuses some templates before review.
const (
	// labelRegulated is a template refused by Stage A's regulated-vertical
	// screen.
	labelRegulated = "REFUSED:REGULATED"
	// labelStageA is a template refused by Stage A for another reason than
	// the regulated screen or its parameters' form (see stageA). No case is
	// labelled so, since every labelled template is meant to pass Stage A's
	// other rules; it is always a disagreement.
	labelStageA = "REFUSED:STAGE_A"
)

// The held-out floors, at the honest level reached without reading the
// file: agreement 0.661 and 22 of 38 regulated or scam templates approved
// with rules-2026.11.1, 0.818 and 8 with rules-2026.11.2, 0.851 and 5 with
// rules-2026.11.3 (tuned on dev2.json only), 0.868 and 4 with
// rules-2026.11.4 (tuned on dev3.json and on families.json, written
// without reading heldout.json), 0.876 and 3 with rules-2026.11.5 (tuned on
// dev4.json and families.json, heldout.json still unread), 0.884 and 2
// with rules-2026.11.6 (tuned on dev5.json and families.json, heldout.json
// still unread), 0.901 and 1 with rules-2026.11.7 (the intent layer, tuned
// on dev6.json and families.json, heldout.json still unread), 0.909 and
// none with rules-2026.11.15 (tuned on dev14.json and dev15.json), 0.917
// and none with rules-2026.11.17 (tuned on dev16.json to dev19.json), 0.926
// and none with rules-2026.11.23 (tuned on dev26.json and dev27.json). The goal is
// 0.90 and none; the floors only stop a regression. Raise them when a
// change made without reading heldout.json reaches more.
const (
	// heldOut2AgreementFloor and heldOut2HarmfulCeiling hold heldout2.json
	// at the level reached without reading it: 0.909 and 6 of 50 regulated
	// or scam templates approved with rules-2026.11.7 (measured twice, before
	// and after Stage A's whole-template read), 0.926 and 5 with
	// rules-2026.11.8 (tuned on dev7.json), 0.934 and 4 with
	// rules-2026.11.9 (tuned on dev8.json), 0.942 and 3 with
	// rules-2026.11.10 (tuned on dev9.json), 0.950 and 2 with
	// rules-2026.11.20 (tuned on dev22.json and dev23.json). The floors only
	// stop a regression; raise them to a figure measured without reading
	// the file.
	// Raised when rules-2026.11.95 took it to 0.967 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut2AgreementFloor = 0.965
	heldOut2HarmfulCeiling = 2
	// heldOut3AgreementFloor and heldOut3HarmfulCeiling hold heldout3.json
	// where it stood when first measured, once, with rules-2026.11.13:
	// 0.892 and 4 of 50 regulated or scam templates approved; 0.900 and 3
	// with rules-2026.11.20 (tuned on dev22.json and dev23.json). Raise
	// them only to a figure measured without reading the file.
	// rules-2026.11.72, made without reading it, took it to 0.908.
	// Raised when rules-2026.11.84, made without reading it, took it to
	// 0.917 and 2 harmful.
	// Raised when rules-2026.11.95 took it to 0.925 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut3AgreementFloor = 0.925
	heldOut3HarmfulCeiling = 2
	// heldOut4AgreementFloor and heldOut4HarmfulCeiling hold heldout4.json
	// where it stood when first measured, with rules-2026.11.14 (before any
	// tuning on dev14.json and dev15.json, written at the same time): 0.934
	// and 2 of 50 regulated or scam templates approved; 0.942 and 2 with
	// rules-2026.11.23 (tuned on dev26.json and dev27.json); 0.950 and 1
	// with rules-2026.11.29 (tuned on dev35.json).
	// Raised when rules-2026.11.95 took it to 0.983 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut4AgreementFloor = 0.98
	heldOut4HarmfulCeiling = 0
	// heldOut5AgreementFloor and heldOut5HarmfulCeiling hold heldout5.json
	// where it stood when first measured, once, with rules-2026.11.17:
	// 0.944 and 2 of 52 regulated or scam templates approved; read a second
	// time after rules-2026.11.18 (parameters separated by a clause mark are
	// not adjacent): 0.952 and 2; 0.960 and 1 with rules-2026.11.28 (tuned
	// on dev34.json).
	// Raised when rules-2026.11.95 took it to 0.968 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut5AgreementFloor = 0.965
	heldOut5HarmfulCeiling = 1
	// heldOut6AgreementFloor and heldOut6HarmfulCeiling hold heldout6.json
	// where it stood when first measured, with rules-2026.11.19 (and the
	// two dev21.json fixes of .20, before any tuning on dev22.json and
	// dev23.json, written beside it): 0.951 and 2 of 50 regulated or scam
	// templates approved; 0.959 and 1 with rules-2026.11.26 (tuned on
	// dev32.json).
	// Raised when rules-2026.11.82, made without reading it, took it to
	// 0.975.
	// Raised when rules-2026.11.95 took it to 0.984 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut6AgreementFloor = 0.98
	heldOut6HarmfulCeiling = 1
	// heldOut7AgreementFloor and heldOut7HarmfulCeiling hold heldout7.json
	// where it stood when first measured, once, with rules-2026.11.22:
	// 0.873 and 1 of 31 regulated or scam templates approved, 5 of 84
	// approvable templates refused.
	// Raised when rules-2026.11.62, made without reading it, took it to
	// 0.881, and rules-2026.11.68 to 0.888.
	// Raised when rules-2026.11.80, made without reading it, took it to
	// 0.896.
	// Raised when rules-2026.11.95 took it to 0.910 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut7AgreementFloor = 0.91
	heldOut7HarmfulCeiling = 1
	// heldOut8AgreementFloor and heldOut8HarmfulCeiling hold heldout8.json
	// where it stood when first measured, once, with rules-2026.11.23:
	// 0.910 and 2 of 29 regulated or scam templates approved, none of its
	// 79 approvable templates refused.
	// Raised when rules-2026.11.73, made without reading it, took it to 0.940.
	// Raised when rules-2026.11.95 took it to 0.955 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut8AgreementFloor = 0.955
	heldOut8HarmfulCeiling = 1
	// heldOut9AgreementFloor and heldOut9HarmfulCeiling hold heldout9.json
	// where it stood when first measured, once, with rules-2026.11.24:
	// 0.900 and 1 of 35 regulated or scam templates approved, none of its
	// 80 approvable templates refused.
	// Raised when rules-2026.11.57, made without reading it, took it to
	// 0.943 and none harmful.
	// Raised when rules-2026.11.95 took it to 0.957 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut9AgreementFloor = 0.955
	heldOut9HarmfulCeiling = 0
	// heldOut10AgreementFloor and heldOut10HarmfulCeiling hold
	// heldout10.json where it stood when first measured, once, with
	// rules-2026.11.25: 0.941 and none of 37 regulated or scam templates
	// approved, none of its 74 approvable templates refused; raised when
	// rules-2026.11.45, made without reading it, took it to 0.963.
	// Raised when rules-2026.11.63, made without reading it, took it to
	// 0.970.
	// Raised when rules-2026.11.95 took it to 0.985 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut10AgreementFloor = 0.985
	heldOut10HarmfulCeiling = 0
	// heldOut11AgreementFloor and heldOut11HarmfulCeiling hold
	// heldout11.json where it stood when first measured, once, with
	// rules-2026.11.26: 0.927 and 1 of 32 regulated or scam templates
	// approved, 1 of 82 approvable templates refused.
	// Raised when rules-2026.11.80, made without reading it, took it to
	// 0.949.
	// Raised when rules-2026.11.95 took it to 0.971 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut11AgreementFloor = 0.97
	heldOut11HarmfulCeiling = 1
	// heldOut12AgreementFloor and heldOut12HarmfulCeiling hold
	// heldout12.json where it stood when first measured, once, with
	// rules-2026.11.27: 0.820 and 1 of 31 regulated or scam templates
	// approved; 14 of its 80 approvable templates refused, 11 of them
	// INVALID_FORMAT (its writer approves a body that starts or ends with a
	// parameter, which the compatible API's review rejects).
	// Raised when rules-2026.11.95 took it to 0.857 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut12AgreementFloor = 0.855
	heldOut12HarmfulCeiling = 1
	// heldOut13AgreementFloor and heldOut13HarmfulCeiling hold
	// heldout13.json where it stood when first measured, once, with
	// rules-2026.11.28: 0.882 and 2 of 31 regulated or scam templates
	// approved; 8 of its 79 approvable templates refused, all of them
	// INVALID_FORMAT.
	// Raised when rules-2026.11.95 took it to 0.904 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut13AgreementFloor = 0.90
	heldOut13HarmfulCeiling = 2
	// heldOut14AgreementFloor and heldOut14HarmfulCeiling hold
	// heldout14.json where it stood when first measured, once, with
	// rules-2026.11.28: 0.913 and 2 of 25 regulated or scam templates
	// approved; 5 of its 76 approvable templates refused.
	// Raised when rules-2026.11.73, made without reading it, took it to 0.937.
	// Raised when rules-2026.11.80, made without reading it, took it to
	// 0.945.
	// Raised when rules-2026.11.81, made without reading it, took it to
	// 0.953 and 1 harmful.
	// Raised when rules-2026.11.95 took it to 0.961 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut14AgreementFloor = 0.96
	heldOut14HarmfulCeiling = 1
	// heldOut15AgreementFloor and heldOut15HarmfulCeiling hold
	// heldout15.json where it stood when first measured, once, with
	// rules-2026.11.30: 0.900 and 2 of 27 regulated or scam templates
	// approved; 2 of its 79 approvable templates refused.
	// Raised when rules-2026.11.49 and .52, made without reading it, took
	// it to 0.907 and 0.914.
	// Raised when rules-2026.11.57, made without reading it, took it to
	// 0.921 and 1 harmful.
	// Raised when rules-2026.11.95 took it to 0.943 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut15AgreementFloor = 0.94
	heldOut15HarmfulCeiling = 1
	// heldOut16AgreementFloor and heldOut16HarmfulCeiling hold
	// heldout16.json where it stood when first measured, once, with
	// rules-2026.11.31: 0.940 and 1 of 29 regulated or scam templates
	// approved; 3 of its 80 approvable templates refused.
	// Raised when rules-2026.11.60, made without reading it, took it to
	// 0.955.
	// Raised when rules-2026.11.95 took it to 0.962 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut16AgreementFloor = 0.96
	heldOut16HarmfulCeiling = 1
	// heldOut17AgreementFloor and heldOut17HarmfulCeiling hold
	// heldout17.json where it stood when first measured, once, with
	// rules-2026.11.32: 0.962 and none of its 31 regulated or scam
	// templates approved; 2 of its 79 approvable templates refused.
	// Raised when rules-2026.11.95 took it to 0.977 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut17AgreementFloor = 0.975
	heldOut17HarmfulCeiling = 0
	// heldOut18AgreementFloor and heldOut18HarmfulCeiling hold
	// heldout18.json where it stood when first measured, once, with
	// rules-2026.11.33: 0.957 and none of its 29 regulated or scam
	// templates approved; none of its 86 approvable templates refused.
	// Raised when rules-2026.11.57, made without reading it, took it to
	// 0.972.
	// Raised when rules-2026.11.95 took it to 0.986 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut18AgreementFloor = 0.985
	heldOut18HarmfulCeiling = 0
	// heldOut19AgreementFloor and heldOut19HarmfulCeiling hold
	// heldout19.json where it stood when first measured, once, with
	// rules-2026.11.33: 0.953 and 2 of its 29 regulated or scam templates
	// approved; none of its 75 approvable templates refused.
	// Raised when rules-2026.11.95 took it to 0.969 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut19AgreementFloor = 0.965
	heldOut19HarmfulCeiling = 2
	// heldOut20AgreementFloor and heldOut20HarmfulCeiling hold
	// heldout20.json where it stood when first measured, once, with
	// rules-2026.11.34: 0.905 and 4 of its 24 regulated or scam templates
	// approved; 3 of its 75 approvable templates refused.
	// Raised when rules-2026.11.57, made without reading it, took it to
	// 0.913 and 3 harmful, rules-2026.11.72 to 0.921, and rules-2026.11.79
	// to 0.929 and 2 harmful.
	// Raised again when rules-2026.11.83 took it to 0.937 and 1 harmful.
	// Raised when rules-2026.11.95 took it to 0.952 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut20AgreementFloor = 0.95
	heldOut20HarmfulCeiling = 1
	// heldOut21AgreementFloor and heldOut21HarmfulCeiling hold
	// heldout21.json where it stood when first measured, once, with
	// rules-2026.11.35: 0.917 and 2 of its 29 regulated or scam templates
	// approved; 1 of its 78 approvable templates refused.
	// Raised when rules-2026.11.79, made without reading it, took it to
	// 0.947 and 1 harmful.
	// Raised when rules-2026.11.95 took it to 0.955 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut21AgreementFloor = 0.95
	heldOut21HarmfulCeiling = 1
	// heldOut22AgreementFloor and heldOut22HarmfulCeiling hold
	// heldout22.json where it stood when first measured, once, with
	// rules-2026.11.35: 0.911 and 2 of its 41 regulated or scam templates
	// approved; 2 of its 89 approvable templates refused. Raised when
	// rules-2026.11.45, made without reading it, took it to 0.924 and 1.
	// Raised when rules-2026.11.95 took it to 0.943 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut22AgreementFloor = 0.94
	heldOut22HarmfulCeiling = 1
	// heldOut23AgreementFloor and heldOut23HarmfulCeiling hold
	// heldout23.json where it stood when first measured, once, with
	// rules-2026.11.36: 0.885 and none of its 28 regulated or scam
	// templates approved; 8 of its 86 approvable templates refused.
	// Raised when rules-2026.11.95 took it to 0.906 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut23AgreementFloor = 0.905
	heldOut23HarmfulCeiling = 0
	// heldOut24AgreementFloor and heldOut24HarmfulCeiling hold
	// heldout24.json where it stood when first measured, once, with
	// rules-2026.11.37: 0.919 and 1 of its 30 regulated or scam templates
	// approved; 2 of its 82 approvable templates refused.
	// Raised when rules-2026.11.82, made without reading it, took it to
	// 0.949.
	// Raised when rules-2026.11.95 took it to 0.963 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut24AgreementFloor = 0.96
	heldOut24HarmfulCeiling = 1
	// heldOut25AgreementFloor and heldOut25HarmfulCeiling hold
	// heldout25.json where it stood when first measured, once, with
	// rules-2026.11.38: 0.909 and none of its 26 regulated or scam
	// templates approved; 6 of its 78 approvable templates refused, 5 of
	// them for a dangling parameter.
	// Raised when rules-2026.11.80, made without reading it, took it to
	// 0.917.
	// Raised when rules-2026.11.95 took it to 0.932 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut25AgreementFloor = 0.93
	heldOut25HarmfulCeiling = 0
	// heldOut26AgreementFloor and heldOut26HarmfulCeiling hold
	// heldout26.json where it stood when first measured, once, with
	// rules-2026.11.40: 0.940 and 1 of its 34 regulated or scam templates
	// approved (a regulated offer); none of its 89 approvable templates
	// refused.
	// Raised when rules-2026.11.95 took it to 0.954 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut26AgreementFloor = 0.95
	heldOut26HarmfulCeiling = 1
	// heldOut27AgreementFloor and heldOut27HarmfulCeiling hold
	// heldout27.json where it stood when first measured, once, with
	// rules-2026.11.41: 0.917 and 1 of its 27 regulated or scam templates
	// approved (a scam); 4 of its 77 approvable templates refused, all for
	// a dangling parameter.
	// Raised when rules-2026.11.46, made without reading it, took it to
	// 0.925 and none.
	// Raised when rules-2026.11.73, made without reading it, took it to 0.932.
	// Raised when rules-2026.11.82, made without reading it, took it to
	// 0.940.
	// Raised when rules-2026.11.84, made without reading it, took it to
	// 0.947.
	// Raised when rules-2026.11.95 took it to 0.955 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut27AgreementFloor = 0.95
	heldOut27HarmfulCeiling = 0
	// heldOut28AgreementFloor and heldOut28HarmfulCeiling hold
	// heldout28.json where it stood when first measured, once, with
	// rules-2026.11.42: 0.970 and none of its 26 regulated or scam
	// templates approved; none of its 82 approvable templates refused.
	// Raised when rules-2026.11.95 took it to 0.985 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut28AgreementFloor = 0.98
	heldOut28HarmfulCeiling = 0
	// heldOut29AgreementFloor and heldOut29HarmfulCeiling hold
	// heldout29.json where it stood when first measured, once, with
	// rules-2026.11.42: 0.885 and 1 of its 27 regulated or scam templates
	// approved (a scam); 4 of its 76 approvable templates refused, all for
	// a dangling parameter.
	// Raised when rules-2026.11.74, made without reading it, took it to
	// 0.893 and none harmful.
	// Raised when rules-2026.11.95 took it to 0.908 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut29AgreementFloor = 0.905
	heldOut29HarmfulCeiling = 0
	// heldOut30AgreementFloor and heldOut30HarmfulCeiling hold
	// heldout30.json where it stood when first measured, once, with
	// rules-2026.11.43: 0.949 and 1 of its 31 regulated or scam templates
	// approved (a scam); 1 of its 78 approvable templates refused. Raised
	// when rules-2026.11.45, made without reading it, took it to 0.957
	// and none.
	// Raised when rules-2026.11.95 took it to 0.971 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut30AgreementFloor = 0.97
	heldOut30HarmfulCeiling = 0
	// heldOut31AgreementFloor and heldOut31HarmfulCeiling hold
	// heldout31.json where it stood when first measured, once, with
	// rules-2026.11.44: 0.922 and 2 of its 28 regulated or scam templates
	// approved (one of each); 4 of its 77 approvable templates refused, all
	// for a dangling parameter.
	// Raised when rules-2026.11.65, made without reading it, took it to
	// 0.930 and 1 harmful.
	// Raised when rules-2026.11.95 took it to 0.938 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut31AgreementFloor = 0.935
	heldOut31HarmfulCeiling = 1
	// heldOut32AgreementFloor and heldOut32HarmfulCeiling hold
	// heldout32.json where it stood when first measured, once, with
	// rules-2026.11.45: 0.925 and 2 of its 29 regulated or scam templates
	// approved (one of each); 5 of its 81 approvable templates refused (3
	// for a dangling parameter, 1 as a wrong category, 1 as a scam).
	// Raised when rules-2026.11.59, made without reading it, took it to
	// 0.932.
	// Raised when rules-2026.11.64, made without reading it, took it to
	// 0.940 and 1 harmful.
	// Raised when rules-2026.11.95 took it to 0.947 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut32AgreementFloor = 0.945
	heldOut32HarmfulCeiling = 1
	// heldOut33AgreementFloor and heldOut33HarmfulCeiling hold
	// heldout33.json where it stood when first measured, once, with
	// rules-2026.11.46: 0.899 and 4 of its 28 regulated or scam templates
	// approved (3 regulated, 1 scam); 1 of its 74 approvable templates
	// refused (as a scam).
	// Raised when rules-2026.11.57, made without reading it, took it to
	// 0.907.
	// Raised when rules-2026.11.73, made without reading it, took it to 0.915.
	// Raised when rules-2026.11.75, made without reading it, took it to 0.922.
	// Raised when rules-2026.11.95 took it to 0.938 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut33AgreementFloor = 0.935
	heldOut33HarmfulCeiling = 4
	// heldOut34AgreementFloor and heldOut34HarmfulCeiling hold
	// heldout34.json where it stood when first measured, once, with
	// rules-2026.11.47: 0.889 and 4 of its 28 regulated or scam templates
	// approved (2 of each); 3 of its 75 approvable templates refused, all
	// for a dangling parameter.
	// Raised when rules-2026.11.55, made without reading it, took it to
	// 0.897.
	// Raised when rules-2026.11.59, made without reading it, took it to
	// 0.905 and 3 harmful.
	// Raised when rules-2026.11.81, made without reading it, took it to
	// 0.913 and 2 harmful.
	// Raised when rules-2026.11.95 took it to 0.929 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut34AgreementFloor = 0.925
	heldOut34HarmfulCeiling = 2
	// heldOut35AgreementFloor and heldOut35HarmfulCeiling hold
	// heldout35.json where it stood when first measured, once, with
	// rules-2026.11.48: 0.898 and 2 of its 30 regulated or scam templates
	// approved (both scams); none of its 76 approvable templates refused.
	// Raised when rules-2026.11.55, made without reading it, took it to
	// 0.905.
	// Raised when rules-2026.11.57, made without reading it, took it to
	// 0.912.
	// Raised when rules-2026.11.60, made without reading it, took it to
	// 0.920.
	// Raised when rules-2026.11.80, made without reading it, took it to
	// 0.927.
	// Raised when rules-2026.11.95 took it to 0.949 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut35AgreementFloor = 0.945
	heldOut35HarmfulCeiling = 2
	// heldOut36AgreementFloor and heldOut36HarmfulCeiling hold
	// heldout36.json where it stood when first measured, once, with
	// rules-2026.11.49: 0.915 and 1 of its 28 regulated or scam templates
	// approved (a scam); 3 of its 82 approvable templates refused (one
	// each as abusive, a dangling parameter and a tag mismatch).
	// Raised when rules-2026.11.73, made without reading it, took it to 0.922.
	// Raised when rules-2026.11.95 took it to 0.929 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut36AgreementFloor = 0.925
	heldOut36HarmfulCeiling = 1
	// heldOut37AgreementFloor and heldOut37HarmfulCeiling hold
	// heldout37.json where it stood when first measured, once, with
	// rules-2026.11.51: 0.936 and none of its 30 regulated or scam
	// templates approved; 2 of its 82 approvable templates refused (one
	// for a dangling parameter, one as a scam).
	// Raised when rules-2026.11.60, made without reading it, took it to
	// 0.943, rules-2026.11.68 to 0.950 and rules-2026.11.69 to 0.957.
	// Raised when rules-2026.11.95 took it to 0.964 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut37AgreementFloor = 0.96
	heldOut37HarmfulCeiling = 0
	// heldOut38AgreementFloor and heldOut38HarmfulCeiling hold
	// heldout38.json where it stood when first measured, once, with
	// rules-2026.11.53: 0.918 and 2 of its 28 regulated or scam templates
	// approved (both scams); 5 of its 84 approvable templates refused (4
	// for a dangling parameter, 1 as a scam).
	// Raised when rules-2026.11.85, made without reading it, took it to
	// 0.925.
	// Raised when rules-2026.11.95 took it to 0.933 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut38AgreementFloor = 0.93
	heldOut38HarmfulCeiling = 2
	// heldOut39AgreementFloor and heldOut39HarmfulCeiling hold
	// heldout39.json where it stood when first measured, once, with
	// rules-2026.11.54: 0.938 and 1 of its 27 regulated or scam templates
	// approved (regulated); 2 of its 78 approvable templates refused,
	// both for a dangling parameter.
	// Raised when rules-2026.11.60, made without reading it, took it to
	// 0.946.
	// Raised when rules-2026.11.95 took it to 0.962 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut39AgreementFloor = 0.96
	heldOut39HarmfulCeiling = 1
	// heldOut40AgreementFloor and heldOut40HarmfulCeiling hold
	// heldout40.json where it stood when first measured, once, with
	// rules-2026.11.54: 0.961 and 2 of its 26 regulated or scam templates
	// approved (both scams); none of its 76 approvable templates refused.
	// Raised when rules-2026.11.65, made without reading it, took it to
	// 0.969 and 1 harmful.
	// Raised when rules-2026.11.95 took it to 0.984 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut40AgreementFloor = 0.98
	heldOut40HarmfulCeiling = 1
	// heldOut41AgreementFloor and heldOut41HarmfulCeiling hold
	// heldout41.json where it stood when first measured, once, with
	// rules-2026.11.55: 0.929 and 3 of its 27 regulated or scam templates
	// approved (2 regulated, 1 scam); 2 of its 88 approvable templates
	// refused, both for a dangling parameter.
	// Raised when rules-2026.11.60, made without reading it, took it to
	// 0.936.
	// Raised when rules-2026.11.95 took it to 0.950 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut41AgreementFloor = 0.95
	heldOut41HarmfulCeiling = 3
	// heldOut42AgreementFloor and heldOut42HarmfulCeiling hold
	// heldout42.json where it stood when first measured, once, with
	// rules-2026.11.55: 0.964 and none of its 30 regulated or scam
	// templates approved; 1 of its 81 approvable templates refused (at
	// Stage A).
	// Raised when rules-2026.11.95 took it to 0.978 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut42AgreementFloor = 0.975
	heldOut42HarmfulCeiling = 0
	// heldOut43AgreementFloor and heldOut43HarmfulCeiling hold
	// heldout43.json where it stood when first measured, once, with
	// rules-2026.11.56: 0.915 and none of its 27 regulated or scam
	// templates approved; 2 of its 85 approvable templates refused (one as
	// a scam, one as a tag mismatch).
	// Raised when rules-2026.11.80, made without reading it, took it to
	// 0.930.
	// Raised when rules-2026.11.95 took it to 0.937 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut43AgreementFloor = 0.935
	heldOut43HarmfulCeiling = 0
	// heldOut44AgreementFloor and heldOut44HarmfulCeiling hold
	// heldout44.json where it stood when first measured, once, with
	// rules-2026.11.57: 0.949 and none of its 24 regulated or scam
	// templates approved; none of its 86 approvable templates refused.
	// Raised when rules-2026.11.59, made without reading it, took it to
	// 0.956.
	// Raised when rules-2026.11.75, made without reading it, took it to 0.964.
	// Raised when rules-2026.11.95 took it to 0.971 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut44AgreementFloor = 0.97
	heldOut44HarmfulCeiling = 0
	// heldOut45AgreementFloor and heldOut45HarmfulCeiling hold
	// heldout45.json where it stood when first measured, once, with
	// rules-2026.11.58: 0.940 and 1 of its 29 regulated or scam templates
	// approved (a scam); 1 of its 77 approvable templates refused (as
	// INVALID_FORMAT).
	// Raised when rules-2026.11.73, made without reading it, took it to 0.947.
	// Raised when rules-2026.11.95 took it to 0.962 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut45AgreementFloor = 0.96
	heldOut45HarmfulCeiling = 1
	// heldOut46AgreementFloor and heldOut46HarmfulCeiling hold
	// heldout46.json where it stood when first measured, once, with
	// rules-2026.11.59: 0.960 and none of its 32 regulated or scam
	// templates approved; 1 of its 71 approvable templates refused (as an
	// incorrect category).
	// Raised when rules-2026.11.85, made without reading it, took it to
	// 0.968.
	// Raised when rules-2026.11.95 took it to 0.984 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut46AgreementFloor = 0.98
	heldOut46HarmfulCeiling = 0
	// heldOut47AgreementFloor and heldOut47HarmfulCeiling hold
	// heldout47.json where it stood when first measured, once, with
	// rules-2026.11.61: 0.962 and none of its 28 regulated or scam
	// templates approved; none of its 79 approvable templates refused.
	// Raised when rules-2026.11.73, made without reading it, took it to 0.977.
	// Raised when rules-2026.11.95 took it to 0.992 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut47AgreementFloor = 0.99
	heldOut47HarmfulCeiling = 0
	// heldOut48AgreementFloor and heldOut48HarmfulCeiling hold
	// heldout48.json where it stood when first measured, once, with
	// rules-2026.11.62: 0.918 and none of its 27 regulated or scam
	// templates approved; 1 of its 81 approvable templates refused (as a
	// tag mismatch).
	// Raised when rules-2026.11.95 took it to 0.933 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut48AgreementFloor = 0.93
	heldOut48HarmfulCeiling = 0
	// heldOut49AgreementFloor and heldOut49HarmfulCeiling hold
	// heldout49.json where it stood when first measured, once, with
	// rules-2026.11.63: 0.960 and 2 of its 30 regulated or scam templates
	// approved (both scams); none of its 73 approvable templates refused.
	// Raised when rules-2026.11.65, made without reading it, took it to
	// 0.968 and 1 harmful.
	// Raised when rules-2026.11.95 took it to 0.984 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut49AgreementFloor = 0.98
	heldOut49HarmfulCeiling = 1
	// heldOut50AgreementFloor and heldOut50HarmfulCeiling hold
	// heldout50.json where it stood when first measured, once, with
	// rules-2026.11.64: 0.905 and 1 of its 29 regulated or scam templates
	// approved (a scam); 7 of its 80 approvable templates refused, all as
	// INVALID_FORMAT.
	// Raised when rules-2026.11.95 took it to 0.927 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut50AgreementFloor = 0.925
	heldOut50HarmfulCeiling = 1
	// heldOut51AgreementFloor and heldOut51HarmfulCeiling hold
	// heldout51.json where it stood when first measured, once, with
	// rules-2026.11.65: 0.952 and none of its 30 regulated or scam
	// templates approved; 1 of its 85 approvable templates refused (as a
	// scam).
	// Raised when rules-2026.11.95 took it to 0.979 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut51AgreementFloor = 0.975
	heldOut51HarmfulCeiling = 0
	// heldOut52AgreementFloor and heldOut52HarmfulCeiling hold
	// heldout52.json where it stood when first measured, once, with
	// rules-2026.11.66: 0.898 and 1 of its 24 regulated or scam templates
	// approved (regulated); 6 of its 75 approvable templates refused (4 as
	// INVALID_FORMAT, 1 as regulated, 1 as a tag mismatch).
	// Raised when rules-2026.11.84, made without reading it, took it to
	// 0.906.
	// Raised when rules-2026.11.95 took it to 0.921 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut52AgreementFloor = 0.92
	heldOut52HarmfulCeiling = 1
	// heldOut53AgreementFloor and heldOut53HarmfulCeiling hold
	// heldout53.json where it stood when first measured, once, with
	// rules-2026.11.67: 0.958 and none of its 33 regulated or scam
	// templates approved; 2 of its 81 approvable templates refused (as
	// scams).
	// Raised when rules-2026.11.95 took it to 0.965 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut53AgreementFloor = 0.965
	heldOut53HarmfulCeiling = 0
	// heldOut54AgreementFloor and heldOut54HarmfulCeiling hold
	// heldout54.json where it stood when first measured, once, with
	// rules-2026.11.68: 0.937 and 3 of its 31 regulated or scam templates
	// approved (2 regulated, 1 scam); none of its 71 approvable templates
	// refused.
	// Raised when rules-2026.11.80, made without reading it, took it to
	// 0.944.
	// Raised when rules-2026.11.95 took it to 0.952 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	// Raised when rules-2026.11.102, made without reading it, took it to
	// 0.960.
	heldOut54AgreementFloor = 0.96
	heldOut54HarmfulCeiling = 2
	// heldOut55AgreementFloor and heldOut55HarmfulCeiling hold
	// heldout55.json where it stood when first measured, once, with
	// rules-2026.11.69: 0.929 and 1 of its 28 regulated or scam templates
	// approved (a scam); none of its 81 approvable templates refused.
	// Raised when rules-2026.11.95 took it to 0.943 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut55AgreementFloor = 0.94
	heldOut55HarmfulCeiling = 1
	// heldOut56AgreementFloor and heldOut56HarmfulCeiling hold
	// heldout56.json where it stood when first measured, once, with
	// rules-2026.11.70: 0.955 and none of its 33 regulated or scam
	// templates approved; 1 of its 72 approvable templates refused (as a
	// scam).
	// Raised when rules-2026.11.76, made without reading it, took it to
	// 0.962.
	// Raised when rules-2026.11.95 took it to 0.970 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut56AgreementFloor = 0.965
	heldOut56HarmfulCeiling = 0
	// heldOut57AgreementFloor and heldOut57HarmfulCeiling hold
	// heldout57.json where it stood when first measured, once, with
	// rules-2026.11.72: 0.923 and none of its 24 regulated or scam
	// templates approved; 1 of its 75 approvable templates refused (for a
	// dangling parameter).
	// Raised when rules-2026.11.95 took it to 0.938 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut57AgreementFloor = 0.935
	heldOut57HarmfulCeiling = 0
	// heldOut58AgreementFloor and heldOut58HarmfulCeiling hold
	// heldout58.json where it stood when first measured, once, with
	// rules-2026.11.73: 0.938 and 1 of its 30 regulated or scam templates
	// approved (regulated); none of its 82 approvable templates refused.
	// Raised when rules-2026.11.95 took it to 0.951 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut58AgreementFloor = 0.95
	heldOut58HarmfulCeiling = 1
	// heldOut59AgreementFloor and heldOut59HarmfulCeiling hold
	// heldout59.json where it stood when first measured, once, with
	// rules-2026.11.74: 0.929 and none of its 33 regulated or scam
	// templates approved; 3 of its 70 approvable templates refused (all for
	// a dangling parameter).
	// Raised when rules-2026.11.78, made without reading it, took it to
	// 0.937.
	// Raised when rules-2026.11.95 took it to 0.960 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut59AgreementFloor = 0.96
	heldOut59HarmfulCeiling = 0
	// heldOut60AgreementFloor and heldOut60HarmfulCeiling hold
	// heldout60.json where it stood when first measured, once, with
	// rules-2026.11.75: 0.969 and none of its 26 regulated or scam
	// templates approved; none of its 74 approvable templates refused.
	// Raised when rules-2026.11.80, made without reading it, took it to
	// 0.977.
	// Raised when rules-2026.11.95 took it to 0.992 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut60AgreementFloor = 0.99
	heldOut60HarmfulCeiling = 0
	// heldOut61AgreementFloor and heldOut61HarmfulCeiling hold
	// heldout61.json where it stood when first measured, once, with
	// rules-2026.11.76: 0.932 and 1 of its 27 regulated or scam templates
	// approved (regulated); 3 of its 78 approvable templates refused (all
	// as INVALID_FORMAT).
	// Raised when rules-2026.11.84, made without reading it, took it to
	// 0.940.
	// Raised when rules-2026.11.95 took it to 0.955 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut61AgreementFloor = 0.95
	heldOut61HarmfulCeiling = 1
	// heldOut62AgreementFloor and heldOut62HarmfulCeiling hold
	// heldout62.json where it stood when first measured, once, with
	// rules-2026.11.78: 0.938 and none of its 26 regulated or scam
	// templates approved; 4 of its 78 approvable templates refused (all
	// as INVALID_FORMAT).
	// Raised when rules-2026.11.95 took it to 0.946 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut62AgreementFloor = 0.945
	heldOut62HarmfulCeiling = 0
	// heldOut63AgreementFloor and heldOut63HarmfulCeiling hold
	// heldout63.json where it stood when first measured, once, with
	// rules-2026.11.80: 0.930 and 1 of its 25 regulated or scam templates
	// approved (a scam); 3 of its 74 approvable templates refused (all as
	// INVALID_FORMAT).
	// Raised when rules-2026.11.95 took it to 0.945 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut63AgreementFloor = 0.945
	heldOut63HarmfulCeiling = 1
	// heldOut64AgreementFloor and heldOut64HarmfulCeiling hold
	// heldout64.json where it stood when first measured, once, with
	// rules-2026.11.82: 0.896 and 7 of its 59 regulated or scam templates
	// approved (6 regulated, 1 scam); 1 of its 54 approvable templates
	// refused (as regulated).
	// Raised when rules-2026.11.95 took it to 0.910 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	// Raised when rules-2026.11.98, made without reading it, took it to
	// 0.917.
	heldOut64AgreementFloor = 0.915
	heldOut64HarmfulCeiling = 6
	// heldOut65AgreementFloor and heldOut65HarmfulCeiling hold
	// heldout65.json where it stood when first measured, once, with
	// rules-2026.11.83: 0.923 and 5 of its 57 regulated or scam templates
	// approved (all regulated); none of its 48 approvable templates
	// refused.
	// Raised when rules-2026.11.85, made without reading it, took it to
	// 0.931 and 4 harmful.
	// Raised when rules-2026.11.88, made without reading it, took it to
	// 0.938 and 3 harmful.
	// Raised when rules-2026.11.95 took it to 0.946 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut65AgreementFloor = 0.945
	heldOut65HarmfulCeiling = 3
	// heldOut66AgreementFloor and heldOut66HarmfulCeiling hold
	// heldout66.json where it stood when first measured, once, with
	// rules-2026.11.84: 0.878 and 9 of its 55 regulated or scam templates
	// approved (6 regulated, 3 scams); none of its 53 approvable templates
	// refused.
	// Raised when rules-2026.11.95 took it to 0.892 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut66AgreementFloor = 0.89
	heldOut66HarmfulCeiling = 9
	// heldOut67AgreementFloor and heldOut67HarmfulCeiling hold
	// heldout67.json where it stood when first measured, once, with
	// rules-2026.11.85: 0.930 and 5 of its 59 regulated or scam templates
	// approved (all regulated); 1 of its 55 approvable templates refused
	// (as INVALID_FORMAT).
	// Raised when rules-2026.11.92, made without reading it, took it to
	// 0.937 and 4 harmful.
	// Raised when rules-2026.11.95 took it to 0.944 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	// Raised when rules-2026.11.99, made without reading it, took it to
	// 0.951.
	heldOut67AgreementFloor = 0.95
	heldOut67HarmfulCeiling = 3
	// heldOut68AgreementFloor and heldOut68HarmfulCeiling hold
	// heldout68.json where it stood when first measured, once, with
	// rules-2026.11.86: 0.873 and 8 of its 58 regulated or scam templates
	// approved (7 regulated, 1 scam); 2 of its 44 approvable templates
	// refused (as INVALID_FORMAT).
	// Raised when rules-2026.11.95 took it to 0.889 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut68AgreementFloor = 0.885
	heldOut68HarmfulCeiling = 8
	// heldOut69AgreementFloor and heldOut69HarmfulCeiling hold
	// heldout69.json where it stood when first measured, once, with
	// rules-2026.11.87: 0.929 and 4 of its 56 regulated or scam templates
	// approved (3 regulated, 1 scam); none of its 46 approvable templates
	// refused.
	// Raised when rules-2026.11.98, made without reading it, took it to
	// 0.937.
	heldOut69AgreementFloor = 0.935
	heldOut69HarmfulCeiling = 3
	// heldOut70AgreementFloor and heldOut70HarmfulCeiling hold
	// heldout70.json where it stood when first measured, once, with
	// rules-2026.11.88: 0.944 and 3 of its 57 regulated or scam templates
	// approved (all regulated); none of its 47 approvable templates
	// refused.
	// Raised when rules-2026.11.95 took it to 0.952 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut70AgreementFloor = 0.95
	heldOut70HarmfulCeiling = 3
	// heldOut71AgreementFloor and heldOut71HarmfulCeiling hold
	// heldout71.json where it stood when first measured, once, with
	// rules-2026.11.89: 0.913 and 4 of its 56 regulated or scam templates
	// approved (all regulated); none of its 44 approvable templates
	// refused.
	// Raised when rules-2026.11.95 took it to 0.921 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut71AgreementFloor = 0.92
	heldOut71HarmfulCeiling = 4
	// heldOut72AgreementFloor and heldOut72HarmfulCeiling hold
	// heldout72.json where it stood when first measured, once, with
	// rules-2026.11.90: 0.937 and 2 of its 67 regulated or scam templates
	// approved (both regulated); none of its 50 approvable templates
	// refused.
	// Raised when rules-2026.11.95 took it to 0.944 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut72AgreementFloor = 0.94
	heldOut72HarmfulCeiling = 2
	// heldOut73AgreementFloor and heldOut73HarmfulCeiling hold
	// heldout73.json where it stood when first measured, once, with
	// rules-2026.11.91: 0.893 and 10 of its 61 regulated or scam templates
	// approved (8 regulated, 2 scams); none of its 50 approvable templates
	// refused.
	// Raised when rules-2026.11.95 took it to 0.900 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut73AgreementFloor = 0.90
	heldOut73HarmfulCeiling = 10
	// heldOut74AgreementFloor and heldOut74HarmfulCeiling hold
	// heldout74.json where it stood when first measured, once, with
	// rules-2026.11.92: 0.952 and 2 of its 56 regulated or scam templates
	// approved (both regulated); none of its 44 approvable templates
	// refused.
	// Raised when rules-2026.11.95 took it to 0.960 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut74AgreementFloor = 0.96
	heldOut74HarmfulCeiling = 2
	// heldOut75AgreementFloor and heldOut75HarmfulCeiling hold
	// heldout75.json where it stood when first measured, once, with
	// rules-2026.11.93: 0.950 and 5 of its 65 regulated or scam templates
	// approved (all regulated); none of its 52 approvable templates
	// refused.
	// Raised when rules-2026.11.95 took it to 0.957 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	// Raised when rules-2026.11.99, made without reading it, took it to
	// 0.964.
	heldOut75AgreementFloor = 0.96
	heldOut75HarmfulCeiling = 4
	// heldOut76AgreementFloor and heldOut76HarmfulCeiling hold
	// heldout76.json where it stood when first measured, once, with
	// rules-2026.11.94: 0.899 and 3 of its 58 regulated or scam templates
	// approved (1 regulated, 2 scams); 3 of its 53 approvable templates
	// refused (2 as INVALID_FORMAT, 1 as regulated).
	// Raised when rules-2026.11.95 took it to 0.906 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOut76AgreementFloor = 0.905
	heldOut76HarmfulCeiling = 3
	// heldOut77AgreementFloor and heldOut77HarmfulCeiling hold
	// heldout77.json where it stood when first measured, once, with
	// rules-2026.11.96: 0.914 and 9 of its 59 regulated or scam templates
	// approved (7 regulated, 2 scams); none of its 52 approvable templates
	// refused.
	// Raised when rules-2026.11.98, made without reading it, took it to
	// 0.921.
	// Raised when rules-2026.11.99, made without reading it, took it to
	// 0.936.
	// Raised when rules-2026.11.100, made without reading it, took it to
	// 0.943.
	heldOut77AgreementFloor = 0.94
	heldOut77HarmfulCeiling = 5
	// heldOut78AgreementFloor and heldOut78HarmfulCeiling hold
	// heldout78.json where it stood when first measured, once, with
	// rules-2026.11.97: 0.904 and 10 of its 60 regulated or scam templates
	// approved (7 regulated, 3 scams); 1 of its 50 approvable templates
	// refused (as TAG_CONTENT_MISMATCH).
	heldOut78AgreementFloor = 0.90
	heldOut78HarmfulCeiling = 10
	// heldOut79AgreementFloor and heldOut79HarmfulCeiling hold
	// heldout79.json where it stood when first measured, once, with
	// rules-2026.11.98: 0.895 and 9 of its 56 regulated or scam templates
	// approved (8 regulated, 1 scam); none of its 55 approvable templates
	// refused.
	// Raised when rules-2026.11.99, made without reading it, took it to
	// 0.902.
	heldOut79AgreementFloor = 0.90
	heldOut79HarmfulCeiling = 8
	// heldOut80AgreementFloor and heldOut80HarmfulCeiling hold
	// heldout80.json where it stood when first measured, once, with
	// rules-2026.11.99: 0.948 and 6 of its 59 regulated or scam templates
	// approved (4 regulated, 2 scams); none of its 48 approvable templates
	// refused.
	heldOut80AgreementFloor = 0.945
	heldOut80HarmfulCeiling = 6
	// heldOut81AgreementFloor and heldOut81HarmfulCeiling hold
	// heldout81.json where it stood when first measured, once, with
	// rules-2026.11.100: 0.959 and 4 of its 61 regulated or scam templates
	// approved (all regulated); none of its 58 approvable templates
	// refused.
	heldOut81AgreementFloor = 0.955
	heldOut81HarmfulCeiling = 4
	// heldOut82AgreementFloor and heldOut82HarmfulCeiling hold
	// heldout82.json where it stood when first measured, once, with
	// rules-2026.11.101: 0.915 (129/141) and 5 of its 61 regulated or scam
	// templates approved (all regulated); 1 of its 49 approvable templates
	// refused (as INVALID_FORMAT).
	heldOut82AgreementFloor = 0.91
	heldOut82HarmfulCeiling = 5
	// heldOut83AgreementFloor and heldOut83HarmfulCeiling hold
	// heldout83.json where it stood when first measured, once, with
	// rules-2026.11.102: 0.917 (122/133) and 5 of its 58 regulated or scam
	// templates approved; 1 of its 50 approvable templates refused (as
	// INVALID_FORMAT).
	heldOut83AgreementFloor = 0.915
	heldOut83HarmfulCeiling = 5
	// heldOutAgreementFloor was raised to 0.93 when rules-2026.11.69,
	// made without reading heldout.json, took it to 0.934.
	// Raised when rules-2026.11.85, made without reading it, took it to
	// 0.942.
	// Raised when rules-2026.11.95 took it to 0.950 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	heldOutAgreementFloor = 0.95
	// heldOutHarmfulCeiling is how many heldout.json templates labelled
	// regulated or scam the review may approve; eval.json allows none.
	heldOutHarmfulCeiling = 0
)

// The dev2.json floors, at the level reached: agreement 0.717 and 23 of
// 60 regulated or scam templates approved with rules-2026.11.2, before the
// batch was read; 0.942 and none with rules-2026.11.3, tuned on it; 0.958
// and none with rules-2026.11.4. Development data, so they prove only that
// a later change does not undo the tuning, not how the rules do on new
// phrasing (heldout.json says that).
const (
	// Raised when rules-2026.11.95 took it to 0.975 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev2AgreementFloor = 0.975
	// dev2HarmfulCeiling is how many dev2.json templates labelled
	// regulated or scam the review may approve.
	dev2HarmfulCeiling = 0
)

// The dev3.json floors, at the level reached: agreement 0.677 and 23 of
// 58 regulated or scam templates approved with rules-2026.11.3, before the
// batch was read; 0.969 and none with rules-2026.11.4, tuned on it (its 4
// remaining misses are labels the rules disagree with on purpose: see the
// README). Development data once read: the floors only stop a regression.
const (
	// Raised when rules-2026.11.95 took it to 1.000 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev3AgreementFloor = 1.00
	// dev3HarmfulCeiling is how many dev3.json templates labelled
	// regulated or scam the review may approve.
	dev3HarmfulCeiling = 0
)

// The dev4.json floors, at the level reached once tuned on it (0.993 and
// none); measured blind first at 0.733 and 26 of 70 harmful approvals (see
// dev4File). Development data once read: the floors only stop a
// regression.
const (
	// dev4AgreementFloor is the least share of dev4.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 1.000 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev4AgreementFloor = 1.00
	// dev4HarmfulCeiling is how many dev4.json templates labelled
	// regulated or scam the review may approve.
	dev4HarmfulCeiling = 0
)

// evalCase is one labelled template of the evaluation set. Labels are a
// careful human reviewer's, written with the template, never copied from
// the classifier's output.
type evalCase struct {
	ID              string               `json:"id"`
	Note            string               `json:"note"`
	Category        string               `json:"category"`
	Language        string               `json:"language"`
	ParameterFormat string               `json:"parameter_format"`
	Components      []template.Component `json:"components"`
	Label           string               `json:"label"`
	// CorrectCategory, for REJECTED:INCORRECT_CATEGORY cases, is the
	// category the reviewer would name.
	CorrectCategory string `json:"correct_category,omitempty"`
}

func (c evalCase) input() Input {
	return Input{Name: c.ID, Language: c.Language, Category: c.Category, ParameterFormat: c.ParameterFormat, Components: c.Components}
}

func (c evalCase) draft() template.Draft {
	return template.Draft{Name: c.ID, Language: c.Language, Category: c.Category, ParameterFormat: c.ParameterFormat, Components: c.Components}
}

// evalLabels are the labels a case may carry: the classifier's and
// labelRegulated.
func evalLabels() []string { return append(classifierLabels(), labelRegulated) }

// classifierLabels lists every label Classify can produce, in the order
// reports show them.
func classifierLabels() []string {
	return []string{
		StatusApproved,
		"RECATEGORISED:" + template.CategoryMarketing,
		StatusRejected + ":" + ReasonIncorrectCategory,
		StatusRejected + ":" + ReasonTagMismatch,
		StatusRejected + ":" + ReasonInvalidFormat,
		StatusRejected + ":" + ReasonScam,
		StatusRejected + ":" + ReasonAbusive,
	}
}

func loadEval(t testing.TB) []evalCase { return loadCases(t, evalFile) }

func loadCases(t testing.TB, file string) []evalCase {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var cases []evalCase
	if err := json.Unmarshal(raw, &cases); err != nil {
		if isHeldOut(file) {
			// Not the decoder's message: it can quote the file.
			t.Fatalf("%s: not a JSON array of cases", file)
		}
		t.Fatalf("%s: %v", file, err)
	}
	return cases
}

// stageA runs Stage A on a case: labelRegulated when the regulated screen
// refuses it, the review's INVALID_FORMAT label when only parameter rules
// (code 132012) refuse it, labelStageA when another rule does, "" when it
// passes. Stage A's parameter rules (numbering, sequencing, adjacency) refuse
// forms the compatible API's review rejects INVALID_FORMAT, before review
// as the interface puts parameter sequencing in Stage A: such a template is
// refused for its form either way, only earlier, so a case labelled
// INVALID_FORMAT agrees.
func stageA(c evalCase) string {
	vs := c.draft().Violations()
	for _, v := range vs {
		if _, ok := v.RegulatedVertical(); ok {
			return labelRegulated
		}
	}
	if len(vs) == 0 {
		return ""
	}
	for _, v := range vs {
		if v.Code != apperr.CodeTemplateParamFormat {
			return labelStageA
		}
	}
	return StatusRejected + ":" + ReasonInvalidFormat
}

// TestEvalSet holds the evaluation set to its requirements: enough cases,
// every category, several languages, every label, and templates that pass
// Stage A's form rules, since only those reach review (the regulated
// screen's refusals are verdicts, judged by TestEvaluation), but for cases
// labelled INVALID_FORMAT, which its parameter rules alone may refuse.
func TestEvalSet(t *testing.T) {
	cases := loadEval(t)
	if len(cases) < 150 {
		t.Errorf("%d cases, want at least 150", len(cases))
	}
	idPattern := regexp.MustCompile(`^[a-z0-9_]+$`)
	ids, categories, languages, labels := map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, c := range cases {
		if !idPattern.MatchString(c.ID) || ids[c.ID] {
			t.Errorf("id %q: not a unique template name", c.ID)
		}
		ids[c.ID] = true
		categories[c.Category] = true
		languages[template.PrimaryLanguage(c.Language)] = true
		labels[c.Label] = true
		if !slices.Contains(evalLabels(), c.Label) {
			t.Errorf("%s: label %q is not one of %v", c.ID, c.Label, evalLabels())
		}
		if c.Note == "" {
			t.Errorf("%s: no note", c.ID)
		}
		if (c.CorrectCategory != "") != (c.Label == StatusRejected+":"+ReasonIncorrectCategory) {
			t.Errorf("%s: correct_category %q goes with REJECTED:INCORRECT_CATEGORY only, and always", c.ID, c.CorrectCategory)
		}
		if l := stageA(c); l == labelStageA || l == StatusRejected+":"+ReasonInvalidFormat && c.Label != l {
			t.Errorf("%s: fails Stage A: %v", c.ID, c.draft().Violations())
		}
	}
	for _, cat := range template.Categories {
		if !categories[cat] {
			t.Errorf("no case declared %s", cat)
		}
	}
	if len(languages) < 3 {
		t.Errorf("languages %v, want at least 3", languages)
	}
	for _, l := range evalLabels() {
		if !labels[l] {
			t.Errorf("no case labelled %s", l)
		}
	}
}

// TestHeldOutSet checks the held-out batches' shape by counts only: a
// message naming a case would be reading it.
func TestHeldOutSet(t *testing.T) {
	for _, s := range heldOutSets() {
		cases := loadCases(t, s.file)
		bad := 0
		for _, c := range cases {
			if !slices.Contains(evalLabels(), c.Label) {
				bad++
			}
		}
		if len(cases) == 0 || bad > 0 {
			t.Errorf("%s: %d cases, %d with a label outside %v", s.file, len(cases), bad, evalLabels())
		}
	}
}

// heldOutSets are the held-out batches with their floors (see
// heldOutAgreementFloor and heldOut2AgreementFloor).
func heldOutSets() []devSet {
	return []devSet{{file: heldoutFile, agreementFloor: heldOutAgreementFloor, harmfulCeiling: heldOutHarmfulCeiling},
		{file: heldout2File, agreementFloor: heldOut2AgreementFloor, harmfulCeiling: heldOut2HarmfulCeiling},
		{file: heldout3File, agreementFloor: heldOut3AgreementFloor, harmfulCeiling: heldOut3HarmfulCeiling},
		{file: heldout4File, agreementFloor: heldOut4AgreementFloor, harmfulCeiling: heldOut4HarmfulCeiling},
		{file: heldout5File, agreementFloor: heldOut5AgreementFloor, harmfulCeiling: heldOut5HarmfulCeiling},
		{file: heldout6File, agreementFloor: heldOut6AgreementFloor, harmfulCeiling: heldOut6HarmfulCeiling},
		{file: heldout7File, agreementFloor: heldOut7AgreementFloor, harmfulCeiling: heldOut7HarmfulCeiling},
		{file: heldout8File, agreementFloor: heldOut8AgreementFloor, harmfulCeiling: heldOut8HarmfulCeiling},
		{file: heldout9File, agreementFloor: heldOut9AgreementFloor, harmfulCeiling: heldOut9HarmfulCeiling},
		{file: heldout10File, agreementFloor: heldOut10AgreementFloor, harmfulCeiling: heldOut10HarmfulCeiling},
		{file: heldout11File, agreementFloor: heldOut11AgreementFloor, harmfulCeiling: heldOut11HarmfulCeiling},
		{file: heldout12File, agreementFloor: heldOut12AgreementFloor, harmfulCeiling: heldOut12HarmfulCeiling},
		{file: heldout13File, agreementFloor: heldOut13AgreementFloor, harmfulCeiling: heldOut13HarmfulCeiling},
		{file: heldout14File, agreementFloor: heldOut14AgreementFloor, harmfulCeiling: heldOut14HarmfulCeiling},
		{file: heldout15File, agreementFloor: heldOut15AgreementFloor, harmfulCeiling: heldOut15HarmfulCeiling},
		{file: heldout16File, agreementFloor: heldOut16AgreementFloor, harmfulCeiling: heldOut16HarmfulCeiling},
		{file: heldout17File, agreementFloor: heldOut17AgreementFloor, harmfulCeiling: heldOut17HarmfulCeiling},
		{file: heldout18File, agreementFloor: heldOut18AgreementFloor, harmfulCeiling: heldOut18HarmfulCeiling},
		{file: heldout19File, agreementFloor: heldOut19AgreementFloor, harmfulCeiling: heldOut19HarmfulCeiling},
		{file: heldout20File, agreementFloor: heldOut20AgreementFloor, harmfulCeiling: heldOut20HarmfulCeiling},
		{file: heldout21File, agreementFloor: heldOut21AgreementFloor, harmfulCeiling: heldOut21HarmfulCeiling},
		{file: heldout22File, agreementFloor: heldOut22AgreementFloor, harmfulCeiling: heldOut22HarmfulCeiling},
		{file: heldout23File, agreementFloor: heldOut23AgreementFloor, harmfulCeiling: heldOut23HarmfulCeiling},
		{file: heldout24File, agreementFloor: heldOut24AgreementFloor, harmfulCeiling: heldOut24HarmfulCeiling},
		{file: heldout25File, agreementFloor: heldOut25AgreementFloor, harmfulCeiling: heldOut25HarmfulCeiling},
		{file: heldout26File, agreementFloor: heldOut26AgreementFloor, harmfulCeiling: heldOut26HarmfulCeiling},
		{file: heldout27File, agreementFloor: heldOut27AgreementFloor, harmfulCeiling: heldOut27HarmfulCeiling},
		{file: heldout28File, agreementFloor: heldOut28AgreementFloor, harmfulCeiling: heldOut28HarmfulCeiling},
		{file: heldout29File, agreementFloor: heldOut29AgreementFloor, harmfulCeiling: heldOut29HarmfulCeiling},
		{file: heldout30File, agreementFloor: heldOut30AgreementFloor, harmfulCeiling: heldOut30HarmfulCeiling},
		{file: heldout31File, agreementFloor: heldOut31AgreementFloor, harmfulCeiling: heldOut31HarmfulCeiling},
		{file: heldout32File, agreementFloor: heldOut32AgreementFloor, harmfulCeiling: heldOut32HarmfulCeiling},
		{file: heldout33File, agreementFloor: heldOut33AgreementFloor, harmfulCeiling: heldOut33HarmfulCeiling},
		{file: heldout34File, agreementFloor: heldOut34AgreementFloor, harmfulCeiling: heldOut34HarmfulCeiling},
		{file: heldout35File, agreementFloor: heldOut35AgreementFloor, harmfulCeiling: heldOut35HarmfulCeiling},
		{file: heldout36File, agreementFloor: heldOut36AgreementFloor, harmfulCeiling: heldOut36HarmfulCeiling},
		{file: heldout37File, agreementFloor: heldOut37AgreementFloor, harmfulCeiling: heldOut37HarmfulCeiling},
		{file: heldout38File, agreementFloor: heldOut38AgreementFloor, harmfulCeiling: heldOut38HarmfulCeiling},
		{file: heldout39File, agreementFloor: heldOut39AgreementFloor, harmfulCeiling: heldOut39HarmfulCeiling},
		{file: heldout40File, agreementFloor: heldOut40AgreementFloor, harmfulCeiling: heldOut40HarmfulCeiling},
		{file: heldout41File, agreementFloor: heldOut41AgreementFloor, harmfulCeiling: heldOut41HarmfulCeiling},
		{file: heldout42File, agreementFloor: heldOut42AgreementFloor, harmfulCeiling: heldOut42HarmfulCeiling},
		{file: heldout43File, agreementFloor: heldOut43AgreementFloor, harmfulCeiling: heldOut43HarmfulCeiling},
		{file: heldout44File, agreementFloor: heldOut44AgreementFloor, harmfulCeiling: heldOut44HarmfulCeiling},
		{file: heldout45File, agreementFloor: heldOut45AgreementFloor, harmfulCeiling: heldOut45HarmfulCeiling},
		{file: heldout46File, agreementFloor: heldOut46AgreementFloor, harmfulCeiling: heldOut46HarmfulCeiling},
		{file: heldout47File, agreementFloor: heldOut47AgreementFloor, harmfulCeiling: heldOut47HarmfulCeiling},
		{file: heldout48File, agreementFloor: heldOut48AgreementFloor, harmfulCeiling: heldOut48HarmfulCeiling},
		{file: heldout49File, agreementFloor: heldOut49AgreementFloor, harmfulCeiling: heldOut49HarmfulCeiling},
		{file: heldout50File, agreementFloor: heldOut50AgreementFloor, harmfulCeiling: heldOut50HarmfulCeiling},
		{file: heldout51File, agreementFloor: heldOut51AgreementFloor, harmfulCeiling: heldOut51HarmfulCeiling},
		{file: heldout52File, agreementFloor: heldOut52AgreementFloor, harmfulCeiling: heldOut52HarmfulCeiling},
		{file: heldout53File, agreementFloor: heldOut53AgreementFloor, harmfulCeiling: heldOut53HarmfulCeiling},
		{file: heldout54File, agreementFloor: heldOut54AgreementFloor, harmfulCeiling: heldOut54HarmfulCeiling},
		{file: heldout55File, agreementFloor: heldOut55AgreementFloor, harmfulCeiling: heldOut55HarmfulCeiling},
		{file: heldout56File, agreementFloor: heldOut56AgreementFloor, harmfulCeiling: heldOut56HarmfulCeiling},
		{file: heldout57File, agreementFloor: heldOut57AgreementFloor, harmfulCeiling: heldOut57HarmfulCeiling},
		{file: heldout58File, agreementFloor: heldOut58AgreementFloor, harmfulCeiling: heldOut58HarmfulCeiling},
		{file: heldout59File, agreementFloor: heldOut59AgreementFloor, harmfulCeiling: heldOut59HarmfulCeiling},
		{file: heldout60File, agreementFloor: heldOut60AgreementFloor, harmfulCeiling: heldOut60HarmfulCeiling},
		{file: heldout61File, agreementFloor: heldOut61AgreementFloor, harmfulCeiling: heldOut61HarmfulCeiling},
		{file: heldout62File, agreementFloor: heldOut62AgreementFloor, harmfulCeiling: heldOut62HarmfulCeiling},
		{file: heldout63File, agreementFloor: heldOut63AgreementFloor, harmfulCeiling: heldOut63HarmfulCeiling},
		{file: heldout64File, agreementFloor: heldOut64AgreementFloor, harmfulCeiling: heldOut64HarmfulCeiling},
		{file: heldout65File, agreementFloor: heldOut65AgreementFloor, harmfulCeiling: heldOut65HarmfulCeiling},
		{file: heldout66File, agreementFloor: heldOut66AgreementFloor, harmfulCeiling: heldOut66HarmfulCeiling},
		{file: heldout67File, agreementFloor: heldOut67AgreementFloor, harmfulCeiling: heldOut67HarmfulCeiling},
		{file: heldout68File, agreementFloor: heldOut68AgreementFloor, harmfulCeiling: heldOut68HarmfulCeiling},
		{file: heldout69File, agreementFloor: heldOut69AgreementFloor, harmfulCeiling: heldOut69HarmfulCeiling},
		{file: heldout70File, agreementFloor: heldOut70AgreementFloor, harmfulCeiling: heldOut70HarmfulCeiling},
		{file: heldout71File, agreementFloor: heldOut71AgreementFloor, harmfulCeiling: heldOut71HarmfulCeiling},
		{file: heldout72File, agreementFloor: heldOut72AgreementFloor, harmfulCeiling: heldOut72HarmfulCeiling},
		{file: heldout73File, agreementFloor: heldOut73AgreementFloor, harmfulCeiling: heldOut73HarmfulCeiling},
		{file: heldout74File, agreementFloor: heldOut74AgreementFloor, harmfulCeiling: heldOut74HarmfulCeiling},
		{file: heldout75File, agreementFloor: heldOut75AgreementFloor, harmfulCeiling: heldOut75HarmfulCeiling},
		{file: heldout76File, agreementFloor: heldOut76AgreementFloor, harmfulCeiling: heldOut76HarmfulCeiling},
		{file: heldout77File, agreementFloor: heldOut77AgreementFloor, harmfulCeiling: heldOut77HarmfulCeiling},
		{file: heldout78File, agreementFloor: heldOut78AgreementFloor, harmfulCeiling: heldOut78HarmfulCeiling},
		{file: heldout79File, agreementFloor: heldOut79AgreementFloor, harmfulCeiling: heldOut79HarmfulCeiling},
		{file: heldout80File, agreementFloor: heldOut80AgreementFloor, harmfulCeiling: heldOut80HarmfulCeiling},
		{file: heldout81File, agreementFloor: heldOut81AgreementFloor, harmfulCeiling: heldOut81HarmfulCeiling},
		{file: heldout82File, agreementFloor: heldOut82AgreementFloor, harmfulCeiling: heldOut82HarmfulCeiling},
		{file: heldout83File, agreementFloor: heldOut83AgreementFloor, harmfulCeiling: heldOut83HarmfulCeiling}}
}

func isHeldOut(file string) bool {
	return slices.ContainsFunc(heldOutSets(), func(s devSet) bool { return s.file == file })
}

// devSet is a set the review is held to other than heldout.json: its
// figures, floors and misses may be shown.
type devSet struct {
	file           string
	agreementFloor float64
	harmfulCeiling int
	r              evalResult
}

// The dev5.json floors, at the level reached once tuned on it (0.971 and
// none; its 4 remaining misses are labels the rules disagree with, see the
// README); measured blind first (see dev5File). Development data once read: the floors only
// stop a regression.
const (
	// dev5AgreementFloor is the least share of dev5.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.978 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev5AgreementFloor = 0.975
	// dev5HarmfulCeiling is how many dev5.json templates labelled
	// regulated or scam the review may approve.
	dev5HarmfulCeiling = 0
)

// The dev6.json floors, at the level reached once tuned on it (0.950 and
// none; its 7 remaining misses are labels the rules disagree with, see the
// README); measured blind first (see dev6File). Development data once read: the floors only
// stop a regression.
const (
	// dev6AgreementFloor is the least share of dev6.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.957 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev6AgreementFloor = 0.955
	// dev6HarmfulCeiling is how many dev6.json templates labelled
	// regulated or scam the review may approve.
	dev6HarmfulCeiling = 0
)

// The dev7.json floors, at the level reached once tuned on it (0.973 and
// none; its 4 remaining misses are labels the rules disagree with, see the
// README); measured
// blind first (see dev7File). Development data once read: the floors only
// stop a regression.
const (
	// dev7AgreementFloor is the least share of dev7.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.993 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev7AgreementFloor = 0.99
	// dev7HarmfulCeiling is how many dev7.json templates labelled
	// regulated or scam the review may approve.
	dev7HarmfulCeiling = 0
)

// The dev8.json floors, at the level reached once tuned on it (0.943 and
// none; its 8 remaining misses are labels the rules disagree with, see the
// README); measured
// blind first (see dev8File). Development data once read: the floors only
// stop a regression.
const (
	// dev8AgreementFloor is the least share of dev8.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.82 took it to 0.964.
	// Raised when rules-2026.11.95 took it to 0.979 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev8AgreementFloor = 0.975
	// dev8HarmfulCeiling is how many dev8.json templates labelled
	// regulated or scam the review may approve.
	dev8HarmfulCeiling = 0
)

// The dev9.json floors, at the level reached once tuned on it (0.966 and
// none; its 5 remaining misses are labels the rules disagree with, see the
// README); measured
// blind first (see dev9File). Development data once read: the floors only
// stop a regression.
const (
	// dev9AgreementFloor is the least share of dev9.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.80 took it to 0.987.
	// Raised when rules-2026.11.95 took it to 0.993 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev9AgreementFloor = 0.99
	// dev9HarmfulCeiling is how many dev9.json templates labelled
	// regulated or scam the review may approve.
	dev9HarmfulCeiling = 0
)

// The dev10.json floors, at the level reached once tuned on it (0.966 and
// none; its 5 remaining misses are listed in the README); measured
// blind first (see dev10File). Development data once read: the floors only
// stop a regression.
const (
	// dev10AgreementFloor is the least share of dev10.json cases whose
	// outcome must equal the label.
	dev10AgreementFloor = 0.96
	// dev10HarmfulCeiling is how many dev10.json templates labelled
	// regulated or scam the review may approve.
	dev10HarmfulCeiling = 0
)

// The dev11.json floors, at the level reached once tuned on it (0.979 and
// none; 0.986 with rules-2026.11.36, its Catalan text declared es); measured
// blind first (see dev11File). Development data once read: the floors only
// stop a regression.
const (
	// dev11AgreementFloor is the least share of dev11.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.993 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev11AgreementFloor = 0.99
	// dev11HarmfulCeiling is how many dev11.json templates labelled
	// regulated or scam the review may approve.
	dev11HarmfulCeiling = 0
)

// The dev12.json floors, at the level reached once tuned on it (0.950 and
// none); measured
// blind first (see dev12File). Development data once read: the floors only
// stop a regression.
const (
	// dev12AgreementFloor is the least share of dev12.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.979 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev12AgreementFloor = 0.975
	// dev12HarmfulCeiling is how many dev12.json templates labelled
	// regulated or scam the review may approve.
	dev12HarmfulCeiling = 0
)

// The dev13.json floors, at the level reached once tuned on it (0.932 and
// none); measured
// blind first (see dev13File). Development data once read: the floors only
// stop a regression.
const (
	// dev13AgreementFloor is the least share of dev13.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.959 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev13AgreementFloor = 0.955
	// dev13HarmfulCeiling is how many dev13.json templates labelled
	// regulated or scam the review may approve.
	dev13HarmfulCeiling = 0
)

// The dev14.json floors, at the level reached once tuned on it (0.914 and
// none with rules-2026.11.15); measured
// blind first (see dev14File). Development data once read: the floors only
// stop a regression.
const (
	// dev14AgreementFloor is the least share of dev14.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.950 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev14AgreementFloor = 0.95
	// dev14HarmfulCeiling is how many dev14.json templates labelled
	// regulated or scam the review may approve.
	dev14HarmfulCeiling = 0
)

// The dev15.json floors, at the level reached once tuned on it (0.974 and
// 1 with rules-2026.11.15: a debt settled for a fraction by boleto, worded
// as the genuine offers of the same bureau are; 0.980 and none with
// rules-2026.11.16, which reads the program's name in a dashed domain);
// measured
// blind first (see dev15File). Development data once read: the floors only
// stop a regression.
const (
	// dev15AgreementFloor is the least share of dev15.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.993 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev15AgreementFloor = 0.99
	// dev15HarmfulCeiling is how many dev15.json templates labelled
	// regulated or scam the review may approve.
	dev15HarmfulCeiling = 0
)

// The dev16.json floors, at the level reached once tuned on it (0.938 and
// 1 with rules-2026.11.16: a relative "detained" whose ask follows a
// purpose clause with a negation, "para que no lo pasen al MP, necesitamos
// que deposite", read as negated; 0.945 and none with rules-2026.11.19,
// which reads "para que no" as the purpose's negation); measured
// blind first (see dev16File). Development data once read: the floors only
// stop a regression.
const (
	// dev16AgreementFloor is the least share of dev16.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.959 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev16AgreementFloor = 0.955
	// dev16HarmfulCeiling is how many dev16.json templates labelled
	// regulated or scam the review may approve.
	dev16HarmfulCeiling = 0
)

// The dev17.json floors, at the level reached once tuned on it (0.930 and
// none with rules-2026.11.16); measured
// blind first (see dev17File). Development data once read: the floors only
// stop a regression.
const (
	// dev17AgreementFloor is the least share of dev17.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.958 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev17AgreementFloor = 0.955
	// dev17HarmfulCeiling is how many dev17.json templates labelled
	// regulated or scam the review may approve.
	dev17HarmfulCeiling = 0
)

// The dev18.json floors, at the level reached once tuned on it (0.951 and
// none with rules-2026.11.17); measured
// blind first (see dev18File). Development data once read: the floors only
// stop a regression.
const (
	// dev18AgreementFloor is the least share of dev18.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.958 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev18AgreementFloor = 0.955
	// dev18HarmfulCeiling is how many dev18.json templates labelled
	// regulated or scam the review may approve.
	dev18HarmfulCeiling = 0
)

// The dev19.json floors, at the level reached once tuned on it (0.921 and
// none with rules-2026.11.17); measured
// blind first (see dev19File). Development data once read: the floors only
// stop a regression.
const (
	// dev19AgreementFloor is the least share of dev19.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.80 took it to 0.937.
	// Raised when rules-2026.11.95 took it to 0.961 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev19AgreementFloor = 0.96
	// dev19HarmfulCeiling is how many dev19.json templates labelled
	// regulated or scam the review may approve.
	dev19HarmfulCeiling = 0
)

// The dev20.json floors, at the level reached once tuned on it (0.942 and
// none with rules-2026.11.18); measured
// blind first (see dev20File). Development data once read: the floors only
// stop a regression.
const (
	// dev20AgreementFloor is the least share of dev20.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.958 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev20AgreementFloor = 0.955
	// dev20HarmfulCeiling is how many dev20.json templates labelled
	// regulated or scam the review may approve.
	dev20HarmfulCeiling = 0
)

// The dev21.json floors: blind under rules-2026.11.18, 0.864 and 9 of 60
// harmful approvals; 0.971 and 2 once rules-2026.11.19 was tuned on it;
// 0.986 and none with rules-2026.11.20 (an account "limitada" with details
// to verify, and a cause with "no official account yet" collecting into a
// coordinator's).
const (
	// dev21AgreementFloor is the least share of dev21.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 1.000 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev21AgreementFloor = 1.00
	// dev21HarmfulCeiling is how many dev21.json templates labelled
	// regulated or scam the review may approve.
	dev21HarmfulCeiling = 0
)

// The dev22.json floors, at the level reached once tuned on it (0.950 and
// none with rules-2026.11.20; five of its misses label a non-code template
// declared AUTHENTICATION TAG_CONTENT_MISMATCH, which svc calls
// INCORRECT_CATEGORY). Development data once read: the floors only stop a
// regression.
const (
	// dev22AgreementFloor is the least share of dev22.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.958 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev22AgreementFloor = 0.955
	// dev22HarmfulCeiling is how many dev22.json templates labelled
	// regulated or scam the review may approve.
	dev22HarmfulCeiling = 0
)

// The dev23.json floors, at the level reached once tuned on it (0.979 and
// none with rules-2026.11.20). Development data once read: the floors only
// stop a regression.
const (
	// dev23AgreementFloor is the least share of dev23.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.993 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev23AgreementFloor = 0.99
	// dev23HarmfulCeiling is how many dev23.json templates labelled
	// regulated or scam the review may approve.
	dev23HarmfulCeiling = 0
)

// The dev24.json floors, at the level reached once tuned on it (0.946 and
// none with rules-2026.11.21; four of its misses label a non-code template
// declared AUTHENTICATION TAG_CONTENT_MISMATCH, which svc calls
// INCORRECT_CATEGORY or approves when it reads as a code). Development
// data once read: the floors only stop a regression.
const (
	// dev24AgreementFloor is the least share of dev24.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.969 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev24AgreementFloor = 0.965
	// dev24HarmfulCeiling is how many dev24.json templates labelled
	// regulated or scam the review may approve.
	dev24HarmfulCeiling = 0
)

// The dev25.json floors, at the level reached once tuned on it (0.944 and
// none with rules-2026.11.21; six of its misses label a non-code template
// declared AUTHENTICATION TAG_CONTENT_MISMATCH, which svc calls
// INCORRECT_CATEGORY). Development data once read: the floors only stop a
// regression.
const (
	// dev25AgreementFloor is the least share of dev25.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.958 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev25AgreementFloor = 0.955
	// dev25HarmfulCeiling is how many dev25.json templates labelled
	// regulated or scam the review may approve.
	dev25HarmfulCeiling = 0
)

// The dev26.json and dev27.json floors, at the level reached once tuned
// on them with rules-2026.11.23 (dev26 0.942 and none harmful approved;
// dev27 0.958 and none). Blind, under rules-2026.11.22: dev26 0.870 with 2
// of 41 harmful approved and 2 of 83 approvable refused, dev27 0.867 with 3
// of 41 and 2 of 83. Development data once read: the floors only stop a
// regression.
const (
	// dev26AgreementFloor is the least share of dev26.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.955 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev26AgreementFloor = 0.95
	// dev26HarmfulCeiling is how many dev26.json templates labelled
	// regulated or scam the review may approve.
	dev26HarmfulCeiling = 0
	// dev27AgreementFloor is the least share of dev27.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.965 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev27AgreementFloor = 0.965
	// dev27HarmfulCeiling is how many dev27.json templates labelled
	// regulated or scam the review may approve.
	dev27HarmfulCeiling = 0
)

// The dev28.json floors, at the level reached once tuned on it with
// rules-2026.11.24 (1.000 and none); blind under rules-2026.11.23, 0.843
// and 13 of 54 harmful approved, 1 of 73 approvable refused.
const (
	// dev28AgreementFloor is the least share of dev28.json cases whose
	// outcome must equal the label.
	dev28AgreementFloor = 0.99
	// dev28HarmfulCeiling is how many dev28.json templates labelled
	// regulated or scam the review may approve.
	dev28HarmfulCeiling = 0
)

// The dev29.json floors, at the level reached once tuned on it with
// rules-2026.11.24 (0.963 and none; a crypto exchange's login alert is
// refused, as it names the vertical); blind under rules-2026.11.23, 0.897
// and 8 of 55 harmful approved, 2 of 72 approvable refused.
const (
	// dev29AgreementFloor is the least share of dev29.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.985 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev29AgreementFloor = 0.985
	// dev29HarmfulCeiling is how many dev29.json templates labelled
	// regulated or scam the review may approve.
	dev29HarmfulCeiling = 0
)

// The dev30.json and dev31.json floors, at the level reached once tuned
// on them with rules-2026.11.25 (dev30 0.979, dev31 0.962, none harmful
// approved); blind under rules-2026.11.24, dev30 0.837 and 11 of 63
// harmful approved, 3 of 71 approvable refused; dev31 0.916 and 1 of 26,
// none of 77.
const (
	// dev30AgreementFloor is the least share of dev30.json cases whose
	// outcome must equal the label.
	dev30AgreementFloor = 0.97
	// dev30HarmfulCeiling is how many dev30.json templates labelled
	// regulated or scam the review may approve.
	dev30HarmfulCeiling = 0
	// dev31AgreementFloor is the least share of dev31.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.80 took it to 0.969.
	// Raised when rules-2026.11.84 took it to 0.977.
	dev31AgreementFloor = 0.975
	// dev31HarmfulCeiling is how many dev31.json templates labelled
	// regulated or scam the review may approve.
	dev31HarmfulCeiling = 0
)

// The dev32.json floors, at the level reached once tuned on it with
// rules-2026.11.26 (0.964 and none); blind under rules-2026.11.25, 0.836
// and 7 of 49 harmful approved, 1 of 60 approvable refused.
const (
	// dev32AgreementFloor is the least share of dev32.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.986 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev32AgreementFloor = 0.985
	// dev32HarmfulCeiling is how many dev32.json templates labelled
	// regulated or scam the review may approve.
	dev32HarmfulCeiling = 0
)

// The dev33.json floors, at the level reached once tuned on it with
// rules-2026.11.27 (0.929 and none); blind under rules-2026.11.26, 0.865
// and 3 of 33 harmful approved, none of 75 approvable refused.
const (
	// dev33AgreementFloor is the least share of dev33.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.965 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev33AgreementFloor = 0.96
	// dev33HarmfulCeiling is how many dev33.json templates labelled
	// regulated or scam the review may approve.
	dev33HarmfulCeiling = 0
)

// The dev34.json floors, at the level reached once tuned on it with
// rules-2026.11.28 (0.846 and none; most of its misses are bodies that
// start or end with a parameter, or UTILITY newsletters it calls
// TAG_CONTENT_MISMATCH); blind under rules-2026.11.27, 0.787 and 6 of 51
// harmful approved, 6 of 60 approvable refused.
const (
	// dev34AgreementFloor is the least share of dev34.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.875 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev34AgreementFloor = 0.875
	// dev34HarmfulCeiling is how many dev34.json templates labelled
	// regulated or scam the review may approve.
	dev34HarmfulCeiling = 0
)

// The dev35.json floors, at the level reached once tuned on it with
// rules-2026.11.29 (0.970 and none); blind under rules-2026.11.28, 0.833
// and 15 of 65 harmful approved, 2 of 55 approvable refused.
const (
	// dev35AgreementFloor is the least share of dev35.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.985 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev35AgreementFloor = 0.98
	// dev35HarmfulCeiling is how many dev35.json templates labelled
	// regulated or scam the review may approve.
	dev35HarmfulCeiling = 0
)

// The dev36.json floors, at the level reached once tuned on it with
// rules-2026.11.31 (0.960 and none); blind under rules-2026.11.30, 0.857
// and 5 of 25 harmful approved, 2 of 74 approvable refused.
const (
	// dev36AgreementFloor is the least share of dev36.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.976 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev36AgreementFloor = 0.975
	// dev36HarmfulCeiling is how many dev36.json templates labelled
	// regulated or scam the review may approve.
	dev36HarmfulCeiling = 0
)

// The dev37.json floors, at the level reached once tuned on it with
// rules-2026.11.32 (0.941 and 1: a personal loan's instalment reminder,
// which the rules approve as servicing of the customer's own loan);
// blind under rules-2026.11.31, 0.889 and 3 of 24 harmful approved, 1 of
// 76 approvable refused.
const (
	// dev37AgreementFloor is the least share of dev37.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.963 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev37AgreementFloor = 0.96
	// dev37HarmfulCeiling is how many dev37.json templates labelled
	// regulated or scam the review may approve.
	dev37HarmfulCeiling = 1
)

// The dev38.json floors, at the level reached once tuned on it with
// rules-2026.11.33 (0.925 and none; 0.933 with rules-2026.11.36); blind under rules-2026.11.32, 0.873
// and none of 25 harmful approved, 3 of 76 approvable refused.
const (
	// dev38AgreementFloor is the least share of dev38.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.80 took it to 0.948.
	// Raised when rules-2026.11.95 took it to 0.963 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev38AgreementFloor = 0.96
	// dev38HarmfulCeiling is how many dev38.json templates labelled
	// regulated or scam the review may approve.
	dev38HarmfulCeiling = 0
)

// The dev39.json floors, at the level reached once tuned on it with
// rules-2026.11.34 (0.953 and none); blind under rules-2026.11.33, 0.906
// and 5 of 22 harmful approved, 1 of 77 approvable refused.
const (
	// dev39AgreementFloor is the least share of dev39.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.969 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev39AgreementFloor = 0.965
	// dev39HarmfulCeiling is how many dev39.json templates labelled
	// regulated or scam the review may approve.
	dev39HarmfulCeiling = 0
)

// The dev40.json floors, at the level reached once tuned on it with
// rules-2026.11.35 (0.937 and none); blind under rules-2026.11.34, 0.921
// and none of 28 harmful approved, 1 of 72 approvable refused.
const (
	// dev40AgreementFloor is the least share of dev40.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.80 took it to 0.952.
	// Raised when rules-2026.11.95 took it to 0.968 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev40AgreementFloor = 0.965
	// dev40HarmfulCeiling is how many dev40.json templates labelled
	// regulated or scam the review may approve.
	dev40HarmfulCeiling = 0
)

// The dev41.json floors, at the level reached once tuned on it with
// rules-2026.11.36 (0.986 and none); blind under rules-2026.11.35, 0.886
// and 1 of 27 harmful approved, 3 of 75 approvable refused.
const (
	// dev41AgreementFloor is the least share of dev41.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 1.000 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev41AgreementFloor = 1.00
	// dev41HarmfulCeiling is how many dev41.json templates labelled
	// regulated or scam the review may approve.
	dev41HarmfulCeiling = 0
)

// The dev42.json floors, at the level reached once tuned on it with
// rules-2026.11.37 (0.962 and none); blind under rules-2026.11.36, 0.915
// and none of 27 harmful approved, 4 of 75 approvable refused.
const (
	// dev42AgreementFloor is the least share of dev42.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.977 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev42AgreementFloor = 0.975
	// dev42HarmfulCeiling is how many dev42.json templates labelled
	// regulated or scam the review may approve.
	dev42HarmfulCeiling = 0
)

// The dev43.json floors, at the level reached once tuned on it with
// rules-2026.11.38 (0.985 and 1: a code template telling its owner to
// forward the message to a buyer, refused since rules-2026.11.44: 0.992
// and none); blind under rules-2026.11.37, 0.872
// and 13 of 67 harmful approved, 3 of 61 approvable refused.
const (
	// dev43AgreementFloor is the least share of dev43.json cases whose
	// outcome must equal the label.
	dev43AgreementFloor = 0.99
	// dev43HarmfulCeiling is how many dev43.json templates labelled
	// regulated or scam the review may approve.
	dev43HarmfulCeiling = 0
)

// The dev44.json floors, at the level reached once tuned on it with
// rules-2026.11.40 (0.979 and 1: a loan repayment reminder, kept approved
// as servicing, as for dev37.json); blind under rules-2026.11.39, 0.840
// and 5 of 32 harmful approved, none of 69 approvable refused.
const (
	// dev44AgreementFloor is the least share of dev44.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.993 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev44AgreementFloor = 0.99
	// dev44HarmfulCeiling is how many dev44.json templates labelled
	// regulated or scam the review may approve.
	dev44HarmfulCeiling = 1
)

// The dev45.json floors, at the level reached once tuned on it with
// rules-2026.11.41 (0.957 and none); blind under rules-2026.11.40, 0.864
// and 2 of 44 harmful approved, 5 of 64 approvable refused.
const (
	// dev45AgreementFloor is the least share of dev45.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.971 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev45AgreementFloor = 0.97
	// dev45HarmfulCeiling is how many dev45.json templates labelled
	// regulated or scam the review may approve.
	dev45HarmfulCeiling = 0
)

// The dev46.json floors, at the level reached once tuned on it with
// rules-2026.11.42 (0.928 and none; most of what is left are bodies that
// start with a parameter); blind under rules-2026.11.41, 0.849 and 3 of 59
// harmful approved, 8 of 50 approvable refused.
const (
	// dev46AgreementFloor is the least share of dev46.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.94 took it to 0.935.
	// Raised when rules-2026.11.95 took it to 0.957 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev46AgreementFloor = 0.955
	// dev46HarmfulCeiling is how many dev46.json templates labelled
	// regulated or scam the review may approve.
	dev46HarmfulCeiling = 0
)

// The dev47.json floors, at the level reached once tuned on it with
// rules-2026.11.43 (0.962 and 4: payments to a person named only in an
// example value, and a premium-rate number on a call button), then 0.985
// and 1 with rules-2026.11.45, which reads payees and phone numbers, and
// 0.992 and none with rules-2026.11.46 (a mobile as the Bizum payee); blind under
// rules-2026.11.42, 0.864 and 12 of 55 harmful approved, none of 62
// approvable refused.
const (
	// dev47AgreementFloor is the least share of dev47.json cases whose
	// outcome must equal the label.
	dev47AgreementFloor = 0.99
	// dev47HarmfulCeiling is how many dev47.json templates labelled
	// regulated or scam the review may approve.
	dev47HarmfulCeiling = 0
)

// The dev48.json floors, at the level reached once tuned on it with
// rules-2026.11.45 (0.986 and 1: a credit card limit raised unasked, kept
// as an account notice); blind under rules-2026.11.44, 0.833 and 17 of 59
// harmful approved, 1 of 64 approvable refused.
const (
	// dev48AgreementFloor is the least share of dev48.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.993 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev48AgreementFloor = 0.99
	// dev48HarmfulCeiling is how many dev48.json templates labelled
	// regulated or scam the review may approve.
	dev48HarmfulCeiling = 1
)

// The dev49.json floors, at the level reached once tuned on it with
// rules-2026.11.46 (0.938 and 1: an expat pension "grown" by FX traders,
// refused since rules-2026.11.58: 0.945 and none);
// blind under rules-2026.11.45, 0.856 with 5 of 48 harmful approved and
// 11 of 81 approvable refused, 7 of them by .45's own payee and
// premium-rate rules.
const (
	// dev49AgreementFloor is the least share of dev49.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.952 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev49AgreementFloor = 0.95
	// dev49HarmfulCeiling is how many dev49.json templates labelled
	// regulated or scam the review may approve.
	dev49HarmfulCeiling = 0
)

// The dev50.json floors, at the level reached once tuned on it with
// rules-2026.11.47 (0.868 and 3: instalments offered at checkout, which
// the rules keep as marketing, as earlier batches label them); blind
// under rules-2026.11.46, 0.722 and 20 of 67 harmful approved.
const (
	// dev50AgreementFloor is the least share of dev50.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.84 took it to 0.874 and 2 harmful.
	// Raised when rules-2026.11.95 took it to 0.887 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	// Raised when rules-2026.11.97 took it to 0.894 and 1 harmful.
	dev50AgreementFloor = 0.89
	// dev50HarmfulCeiling is how many dev50.json templates labelled
	// regulated or scam the review may approve.
	dev50HarmfulCeiling = 1
)

// The dev51.json floors, at the level reached once tuned on it with
// rules-2026.11.48 (0.917 and 1: a parking fine paid on a city-sounding
// .info domain); blind under rules-2026.11.47, 0.855 with 5 of 60 harmful
// approved and 5 of 70 approvable refused.
const (
	// dev51AgreementFloor is the least share of dev51.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.917 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev51AgreementFloor = 0.915
	// dev51HarmfulCeiling is how many dev51.json templates labelled
	// regulated or scam the review may approve.
	dev51HarmfulCeiling = 1
)

// The dev52.json floors, at the level reached once tuned on it with
// rules-2026.11.49 (0.927); blind under rules-2026.11.48, 0.854, none of
// 16 harmful approved, 1 of 78 approvable refused.
const (
	// dev52AgreementFloor is the least share of dev52.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.964 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev52AgreementFloor = 0.96
	// dev52HarmfulCeiling is how many dev52.json templates labelled
	// regulated or scam the review may approve.
	dev52HarmfulCeiling = 0
)

// The dev53.json floors, at the level reached once tuned on it with
// rules-2026.11.51 (0.934 and none; 5 of its 6 refused approvable
// templates are dangling parameters or Stage A's); blind under
// rules-2026.11.49, 0.912 with 1 of 28 harmful approved.
const (
	// dev53AgreementFloor is the least share of dev53.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.949 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev53AgreementFloor = 0.945
	// dev53HarmfulCeiling is how many dev53.json templates labelled
	// regulated or scam the review may approve.
	dev53HarmfulCeiling = 0
)

// The dev54.json floors, at the level reached once tuned on it with
// rules-2026.11.52 (0.937 and none; 5 of its 6 refused approvable
// templates are dangling parameters); blind under rules-2026.11.51,
// 0.881 with 1 of 23 harmful approved and 9 of 77 approvable refused.
const (
	// dev54AgreementFloor is the least share of dev54.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.952 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev54AgreementFloor = 0.95
	// dev54HarmfulCeiling is how many dev54.json templates labelled
	// regulated or scam the review may approve.
	dev54HarmfulCeiling = 0
)

// The dev55.json floors, at the level reached once tuned on it with
// rules-2026.11.54 (0.986 and none); blind under rules-2026.11.53, 0.965
// with 1 of 30 harmful approved and 1 of 86 approvable refused.
const (
	// dev55AgreementFloor is the least share of dev55.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.993 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev55AgreementFloor = 0.99
	// dev55HarmfulCeiling is how many dev55.json templates labelled
	// regulated or scam the review may approve.
	dev55HarmfulCeiling = 0
)

// The dev56.json floors, at the level reached once tuned on it with
// rules-2026.11.55 (0.977 and none); blind under rules-2026.11.54, 0.945
// with 1 of 27 harmful approved and none of 77 approvable refused.
const (
	// dev56AgreementFloor is the least share of dev56.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.992 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev56AgreementFloor = 0.99
	// dev56HarmfulCeiling is how many dev56.json templates labelled
	// regulated or scam the review may approve.
	dev56HarmfulCeiling = 0
)

// The dev57.json floors, at the level reached once tuned on it with
// rules-2026.11.56 (0.966); blind under rules-2026.11.55, 0.952, none of
// 29 harmful approved, 1 of 91 approvable refused.
const (
	// dev57AgreementFloor is the least share of dev57.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.980 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev57AgreementFloor = 0.975
	// dev57HarmfulCeiling is how many dev57.json templates labelled
	// regulated or scam the review may approve.
	dev57HarmfulCeiling = 0
)

// The dev58.json floors, at the level reached once tuned on it with
// rules-2026.11.57 (0.969 and none); blind under rules-2026.11.56, 0.930 with 1 of 31 harmful approved and 3 of 76 approvable refused.
const (
	// dev58AgreementFloor is the least share of dev58.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.977 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev58AgreementFloor = 0.975
	// dev58HarmfulCeiling is how many dev58.json templates labelled
	// regulated or scam the review may approve.
	dev58HarmfulCeiling = 0
)

// The dev59.json floors, at the level reached once tuned on it with
// rules-2026.11.57 (0.978 and none); blind under rules-2026.11.56, 0.933 with 3 of 30 harmful approved and 1 of 78 approvable refused.
const (
	// dev59AgreementFloor is the least share of dev59.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.993 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev59AgreementFloor = 0.99
	// dev59HarmfulCeiling is how many dev59.json templates labelled
	// regulated or scam the review may approve.
	dev59HarmfulCeiling = 0
)

// The dev60.json floors, at the level reached once tuned on it with
// rules-2026.11.57 (0.948 and none); blind under rules-2026.11.56, 0.896 with none of 28 harmful approved and 5 of 79 approvable refused.
const (
	// dev60AgreementFloor is the least share of dev60.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.963 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev60AgreementFloor = 0.96
	// dev60HarmfulCeiling is how many dev60.json templates labelled
	// regulated or scam the review may approve.
	dev60HarmfulCeiling = 0
)

// The dev61.json floors, at the level reached once tuned on it with
// rules-2026.11.58 (0.985 and none); blind (rules-2026.11.57 and .58's
// first phrase), 0.934 with 2 of 31 harmful approved and 4 of 82 approvable refused.
const (
	// dev61AgreementFloor is the least share of dev61.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 1.000 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev61AgreementFloor = 1.00
	// dev61HarmfulCeiling is how many dev61.json templates labelled
	// regulated or scam the review may approve.
	dev61HarmfulCeiling = 0
)

// The dev62.json floors, at the level reached once tuned on it with
// rules-2026.11.58 (0.970 and none); blind (rules-2026.11.57 and .58's
// first phrase), 0.940 with 2 of 32 harmful approved and 1 of 75 approvable refused.
const (
	// dev62AgreementFloor is the least share of dev62.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.978 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev62AgreementFloor = 0.975
	// dev62HarmfulCeiling is how many dev62.json templates labelled
	// regulated or scam the review may approve.
	dev62HarmfulCeiling = 0
)

// The dev63.json floors, at the level reached once tuned on it with
// rules-2026.11.58 (0.977 and none); blind (rules-2026.11.57 and .58's
// first phrase), 0.932 with 2 of 29 harmful approved, none of 73 approvable refused.
const (
	// dev63AgreementFloor is the least share of dev63.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.992 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev63AgreementFloor = 0.99
	// dev63HarmfulCeiling is how many dev63.json templates labelled
	// regulated or scam the review may approve.
	dev63HarmfulCeiling = 0
)

// The dev64.json floors, at the level reached once tuned on it with
// rules-2026.11.59 (0.962 and none); blind under rules-2026.11.58, 0.925 with 1 of 27 harmful approved, none of 78 approvable refused.
const (
	// dev64AgreementFloor is the least share of dev64.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.992 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev64AgreementFloor = 0.99
	// dev64HarmfulCeiling is how many dev64.json templates labelled
	// regulated or scam the review may approve.
	dev64HarmfulCeiling = 0
)

// The dev65.json floors, at the level reached once tuned on it with
// rules-2026.11.59 (0.968 and none); blind under rules-2026.11.58, 0.921 with none of 24 harmful approved and 1 of 74 approvable refused.
const (
	// dev65AgreementFloor is the least share of dev65.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.992 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev65AgreementFloor = 0.99
	// dev65HarmfulCeiling is how many dev65.json templates labelled
	// regulated or scam the review may approve.
	dev65HarmfulCeiling = 0
)

// The dev66.json floors, at the level reached once tuned on it with
// rules-2026.11.59 (0.977 and none); blind under rules-2026.11.58, 0.938 with 2 of 29 harmful approved, none of 75 approvable refused.
const (
	// dev66AgreementFloor is the least share of dev66.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.992 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev66AgreementFloor = 0.99
	// dev66HarmfulCeiling is how many dev66.json templates labelled
	// regulated or scam the review may approve.
	dev66HarmfulCeiling = 0
)

// The dev67.json floors, at the level reached once tuned on it with
// rules-2026.11.60 (0.938 and 1: an instant-loan app's repayment reminder, kept as servicing); blind under rules-2026.11.59, 0.877 with 3 of 27 harmful approved and 3 of 76 approvable refused.
const (
	// dev67AgreementFloor is the least share of dev67.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.954 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev67AgreementFloor = 0.95
	// dev67HarmfulCeiling is how many dev67.json templates labelled
	// regulated or scam the review may approve.
	dev67HarmfulCeiling = 1
)

// The dev68.json floors, at the level reached once tuned on it with
// rules-2026.11.60 (0.962 and none); blind under rules-2026.11.59, 0.947 with none of 33 harmful approved, none of 76 approvable refused.
const (
	// dev68AgreementFloor is the least share of dev68.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.977 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev68AgreementFloor = 0.975
	// dev68HarmfulCeiling is how many dev68.json templates labelled
	// regulated or scam the review may approve.
	dev68HarmfulCeiling = 0
)

// The dev69.json floors, at the level reached once tuned on it with
// rules-2026.11.60 (0.966 and 1: twelve months without interest at a checkout, kept as marketing); blind under rules-2026.11.59, 0.917 with 4 of 31 harmful approved and 3 of 86 approvable refused.
const (
	// dev69AgreementFloor is the least share of dev69.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.979 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev69AgreementFloor = 0.975
	// dev69HarmfulCeiling is how many dev69.json templates labelled
	// regulated or scam the review may approve.
	dev69HarmfulCeiling = 1
)

// The dev70.json floors, at the level reached once tuned on it with
// rules-2026.11.62 (0.962 and 1: a cash-advance app's repayment reminder, kept as servicing); blind under rules-2026.11.61, 0.938 with 1 of 29 harmful approved and 2 of 78 approvable refused.
const (
	// dev70AgreementFloor is the least share of dev70.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.969 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev70AgreementFloor = 0.965
	// dev70HarmfulCeiling is how many dev70.json templates labelled
	// regulated or scam the review may approve.
	dev70HarmfulCeiling = 1
)

// The dev71.json floors, at the level reached once tuned on it with
// rules-2026.11.62 (0.929 and none); blind under rules-2026.11.61, 0.907 with 1 of 37 harmful approved and 8 of 75 approvable refused (mostly dangling parameters).
const (
	// dev71AgreementFloor is the least share of dev71.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.943 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev71AgreementFloor = 0.94
	// dev71HarmfulCeiling is how many dev71.json templates labelled
	// regulated or scam the review may approve.
	dev71HarmfulCeiling = 0
)

// The dev72.json floors, at the level reached once tuned on it with
// rules-2026.11.63 (0.937 and none); blind under rules-2026.11.62, 0.929 with 1 of 26 harmful approved and 3 of 77 approvable refused.
const (
	// dev72AgreementFloor is the least share of dev72.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.952 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev72AgreementFloor = 0.95
	// dev72HarmfulCeiling is how many dev72.json templates labelled
	// regulated or scam the review may approve.
	dev72HarmfulCeiling = 0
)

// The dev73.json floors, at the level reached once tuned on it with
// rules-2026.11.63 (0.956 and 1: a student-loan servicer's payment reminder, kept as servicing); blind under rules-2026.11.62, 0.926 with 2 of 34 harmful approved and 3 of 72 approvable refused.
const (
	// dev73AgreementFloor is the least share of dev73.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.963 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev73AgreementFloor = 0.96
	// dev73HarmfulCeiling is how many dev73.json templates labelled
	// regulated or scam the review may approve.
	dev73HarmfulCeiling = 1
)

// The dev74.json floors, at the level reached once tuned on it with
// rules-2026.11.63 (0.960 and none); blind under rules-2026.11.62, 0.937 with 1 of 27 harmful approved, none of 77 approvable refused.
const (
	// dev74AgreementFloor is the least share of dev74.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.984 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev74AgreementFloor = 0.98
	// dev74HarmfulCeiling is how many dev74.json templates labelled
	// regulated or scam the review may approve.
	dev74HarmfulCeiling = 0
)

// The dev75.json floors, at the level reached once tuned on it with
// rules-2026.11.64 (0.962 and none); blind under rules-2026.11.63, 0.947 with 2 of 30 harmful approved and 2 of 75 approvable refused.
const (
	// dev75AgreementFloor is the least share of dev75.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.970 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev75AgreementFloor = 0.965
	// dev75HarmfulCeiling is how many dev75.json templates labelled
	// regulated or scam the review may approve.
	dev75HarmfulCeiling = 0
)

// The dev76.json floors, at the level reached once tuned on it with
// rules-2026.11.64 (0.979 and 1: a pawnbroker's pledge reminder, kept as servicing); blind under rules-2026.11.63, 0.965 with 2 of 31 harmful approved, none of 85 approvable refused.
const (
	// dev76AgreementFloor is the least share of dev76.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.81 took it to 0.986, none harmful.
	// Raised when rules-2026.11.95 took it to 0.993 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev76AgreementFloor = 0.99
	// dev76HarmfulCeiling is how many dev76.json templates labelled
	// regulated or scam the review may approve.
	dev76HarmfulCeiling = 0
)

// The dev77.json floors, at the level reached once tuned on it with
// rules-2026.11.65 (0.976 and none: nothing to tune on); blind under rules-2026.11.64, 0.976 with none of 28 harmful approved, none of 74 approvable refused.
const (
	// dev77AgreementFloor is the least share of dev77.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.992 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev77AgreementFloor = 0.99
	// dev77HarmfulCeiling is how many dev77.json templates labelled
	// regulated or scam the review may approve.
	dev77HarmfulCeiling = 0
)

// The dev78.json floors, at the level reached once tuned on it with
// rules-2026.11.65 (0.967 and 1: a payday advance's repayment reminder, kept as servicing); blind under rules-2026.11.64, 0.927 with 4 of 35 harmful approved and 2 of 82 approvable refused.
const (
	// dev78AgreementFloor is the least share of dev78.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.980 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev78AgreementFloor = 0.98
	// dev78HarmfulCeiling is how many dev78.json templates labelled
	// regulated or scam the review may approve.
	dev78HarmfulCeiling = 1
)

// The dev79.json floors, at the level reached once tuned on it with
// rules-2026.11.66 (0.986 and none); blind under rules-2026.11.65, 0.957 with 1 of 30 harmful approved, none of 78 approvable refused.
const (
	// dev79AgreementFloor is the least share of dev79.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 1.000 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev79AgreementFloor = 1.00
	// dev79HarmfulCeiling is how many dev79.json templates labelled
	// regulated or scam the review may approve.
	dev79HarmfulCeiling = 0
)

// The dev80.json floors, at the level reached once tuned on it with
// rules-2026.11.66 (0.908 and none); blind under rules-2026.11.65, 0.873 with 3 of 26 harmful approved and 2 of 81 approvable refused.
const (
	// dev80AgreementFloor is the least share of dev80.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.82 took it to 0.915.
	// Raised when rules-2026.11.95 took it to 0.937 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev80AgreementFloor = 0.935
	// dev80HarmfulCeiling is how many dev80.json templates labelled
	// regulated or scam the review may approve.
	dev80HarmfulCeiling = 0
)

// The dev81.json floors, at the level reached once tuned on it with
// rules-2026.11.67 (0.939 and none); blind under rules-2026.11.66, 0.924 with 2 of 29 harmful approved and 1 of 77 approvable refused.
const (
	// dev81AgreementFloor is the least share of dev81.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.954 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev81AgreementFloor = 0.95
	// dev81HarmfulCeiling is how many dev81.json templates labelled
	// regulated or scam the review may approve.
	dev81HarmfulCeiling = 0
)

// The dev82.json floors, at the level reached once tuned on it with
// rules-2026.11.67 (0.920 and 1: a free bingo card for a cash-prize round, left); blind under rules-2026.11.66, 0.906 with 3 of 30 harmful approved, none of 79 approvable refused.
const (
	// dev82AgreementFloor is the least share of dev82.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.935 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev82AgreementFloor = 0.93
	// dev82HarmfulCeiling is how many dev82.json templates labelled
	// regulated or scam the review may approve.
	dev82HarmfulCeiling = 1
)

// The dev83.json floors, at the level reached once tuned on it with
// rules-2026.11.68 (0.969, none harmful); blind under rules-2026.11.67, 0.922 with 3 of 32 harmful approved, none of 72 approvable refused.
const (
	// dev83AgreementFloor is the least share of dev83.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 1.000 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev83AgreementFloor = 1.00
	// dev83HarmfulCeiling is how many dev83.json templates labelled
	// regulated or scam the review may approve.
	dev83HarmfulCeiling = 0
)

// The dev84.json floors, at the level reached once tuned on it with
// rules-2026.11.68 (0.976, none harmful); blind under rules-2026.11.67, 0.929 with 3 of 27 harmful approved, none of 74 approvable refused.
const (
	// dev84AgreementFloor is the least share of dev84.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.992 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev84AgreementFloor = 0.99
	// dev84HarmfulCeiling is how many dev84.json templates labelled
	// regulated or scam the review may approve.
	dev84HarmfulCeiling = 0
)

// The dev85.json floors, at the level reached once tuned on it with
// rules-2026.11.69 (0.984, none harmful); blind under rules-2026.11.68, 0.960 with 2 of 32 harmful approved, none of 70 approvable refused.
const (
	// dev85AgreementFloor is the least share of dev85.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.85 took it to 0.992.
	// Raised when rules-2026.11.95 took it to 1.000 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev85AgreementFloor = 1.00
	// dev85HarmfulCeiling is how many dev85.json templates labelled
	// regulated or scam the review may approve.
	dev85HarmfulCeiling = 0
)

// The dev86.json floors, at the level reached once tuned on it with
// rules-2026.11.69 (0.970, none harmful); blind under rules-2026.11.68, 0.918 with 1 of 34 harmful approved, none of 72 approvable refused.
const (
	// dev86AgreementFloor is the least share of dev86.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.993 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev86AgreementFloor = 0.99
	// dev86HarmfulCeiling is how many dev86.json templates labelled
	// regulated or scam the review may approve.
	dev86HarmfulCeiling = 0
)

// The dev87.json floors, at the level reached once tuned on it with
// rules-2026.11.70 (0.970, none harmful); blind under rules-2026.11.69, 0.939 with 2 of 28 harmful approved, 1 of 81 approvable refused.
const (
	// dev87AgreementFloor is the least share of dev87.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.985 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev87AgreementFloor = 0.98
	// dev87HarmfulCeiling is how many dev87.json templates labelled
	// regulated or scam the review may approve.
	dev87HarmfulCeiling = 0
)

// The dev88.json floors, at the level reached once tuned on it with
// rules-2026.11.70 (0.963, none harmful); blind under rules-2026.11.69, 0.955 with 1 of 27 harmful approved, 1 of 78 approvable refused.
const (
	// dev88AgreementFloor is the least share of dev88.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.985 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev88AgreementFloor = 0.985
	// dev88HarmfulCeiling is how many dev88.json templates labelled
	// regulated or scam the review may approve.
	dev88HarmfulCeiling = 0
)

// The dev89.json floors, at the level reached once tuned on it with
// rules-2026.11.72 (0.962, none harmful); blind under rules-2026.11.71, 0.895 with 5 of 34 harmful approved, 1 of 77 approvable refused.
const (
	// dev89AgreementFloor is the least share of dev89.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.977 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev89AgreementFloor = 0.975
	// dev89HarmfulCeiling is how many dev89.json templates labelled
	// regulated or scam the review may approve.
	dev89HarmfulCeiling = 0
)

// The dev90.json floors, at the level reached once tuned on it with
// rules-2026.11.72 (0.950, 1: a student loan's instalment notice, kept as servicing); blind under rules-2026.11.71, 0.922 with 3 of 31 harmful approved, none of 78 approvable refused.
const (
	// dev90AgreementFloor is the least share of dev90.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.986 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev90AgreementFloor = 0.985
	// dev90HarmfulCeiling is how many dev90.json templates labelled
	// regulated or scam the review may approve.
	dev90HarmfulCeiling = 1
)

// The dev91.json floors, at the level reached once tuned on it with
// rules-2026.11.73 (0.977, none harmful); blind under rules-2026.11.72, 0.946 with 1 of 31 harmful approved, 1 of 74 approvable refused.
const (
	// dev91AgreementFloor is the least share of dev91.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.992 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev91AgreementFloor = 0.99
	// dev91HarmfulCeiling is how many dev91.json templates labelled
	// regulated or scam the review may approve.
	dev91HarmfulCeiling = 0
)

// The dev92.json floors, at the level reached once tuned on it with
// rules-2026.11.73 (0.993, none harmful); blind under rules-2026.11.72, 0.934 with 1 of 29 harmful approved, 1 of 78 approvable refused.
const (
	// dev92AgreementFloor is the least share of dev92.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 1.000 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev92AgreementFloor = 1.00
	// dev92HarmfulCeiling is how many dev92.json templates labelled
	// regulated or scam the review may approve.
	dev92HarmfulCeiling = 0
)

// The dev93.json floors, at the level reached once tuned on it with
// rules-2026.11.74 (0.993, none harmful); blind under rules-2026.11.73, 0.938 with 3 of 30 harmful approved, none of 87 approvable refused.
const (
	// dev93AgreementFloor is the least share of dev93.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 1.000 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev93AgreementFloor = 1.00
	// dev93HarmfulCeiling is how many dev93.json templates labelled
	// regulated or scam the review may approve.
	dev93HarmfulCeiling = 0
)

// The dev94.json floors, at the level reached once tuned on it with
// rules-2026.11.74 (0.963, none harmful); blind under rules-2026.11.73, 0.955 with none of 28 harmful approved, 1 of 81 approvable refused.
const (
	// dev94AgreementFloor is the least share of dev94.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.970 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev94AgreementFloor = 0.97
	// dev94HarmfulCeiling is how many dev94.json templates labelled
	// regulated or scam the review may approve.
	dev94HarmfulCeiling = 0
)

// The dev95.json floors, at the level measured blind under
// rules-2026.11.74 (0.976, none of 29 harmful approved, none of 74
// approvable refused; its three misses are malformed parameters Stage A
// refuses before review): nothing to tune.
const (
	// dev95AgreementFloor is the least share of dev95.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 1.000 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev95AgreementFloor = 1.00
	// dev95HarmfulCeiling is how many dev95.json templates labelled
	// regulated or scam the review may approve.
	dev95HarmfulCeiling = 0
)

// The dev96.json floors, at the level reached once tuned on it with
// rules-2026.11.75 (0.970, none harmful); blind under rules-2026.11.74, 0.955 with none of 28 harmful approved, 1 of 78 approvable refused.
const (
	// dev96AgreementFloor is the least share of dev96.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.985 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev96AgreementFloor = 0.985
	// dev96HarmfulCeiling is how many dev96.json templates labelled
	// regulated or scam the review may approve.
	dev96HarmfulCeiling = 0
)

// The dev97.json floors, at the level reached once tuned on it with
// rules-2026.11.77 (0.933, none harmful); blind under rules-2026.11.75, 0.896 with 3 of 33 harmful approved, 4 of 75 approvable refused.
// Raised when rules-2026.11.78 took it to 0.941.
const (
	// dev97AgreementFloor is the least share of dev97.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.956 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev97AgreementFloor = 0.955
	// dev97HarmfulCeiling is how many dev97.json templates labelled
	// regulated or scam the review may approve.
	dev97HarmfulCeiling = 0
)

// The dev98.json floors, at the level reached once tuned on it with
// rules-2026.11.77 (0.952, none harmful); blind under rules-2026.11.75, 0.929 with 2 of 30 harmful approved, none of 74 approvable refused.
const (
	// dev98AgreementFloor is the least share of dev98.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.960 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev98AgreementFloor = 0.96
	// dev98HarmfulCeiling is how many dev98.json templates labelled
	// regulated or scam the review may approve.
	dev98HarmfulCeiling = 0
)

// The dev99.json floors, at the level reached once tuned on it with
// rules-2026.11.78 (0.953, none harmful); blind under rules-2026.11.77, 0.946 with none of 33 harmful approved, 3 of 71 approvable refused.
const (
	// dev99AgreementFloor is the least share of dev99.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.961 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev99AgreementFloor = 0.96
	// dev99HarmfulCeiling is how many dev99.json templates labelled
	// regulated or scam the review may approve.
	dev99HarmfulCeiling = 0
)

// The dev100.json floors, at the level reached once tuned on it with
// rules-2026.11.78 (0.985, none harmful); blind under rules-2026.11.77, 0.947 with 1 of 32 harmful approved, 3 of 77 approvable refused.
const (
	// dev100AgreementFloor is the least share of dev100.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.992 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev100AgreementFloor = 0.99
	// dev100HarmfulCeiling is how many dev100.json templates labelled
	// regulated or scam the review may approve.
	dev100HarmfulCeiling = 0
)

// The dev101.json floors, at the level reached once tuned on it with
// rules-2026.11.80 (0.969, one harmful left: a false card-purchase alert sending the recipient to call a "central de segurança", worded as banks word their own); blind under rules-2026.11.79, 0.938 with 1 of 27 harmful approved, 1 of 77 approvable refused.
const (
	// dev101AgreementFloor is the least share of dev101.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.977 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev101AgreementFloor = 0.975
	// dev101HarmfulCeiling is how many dev101.json templates labelled
	// regulated or scam the review may approve.
	dev101HarmfulCeiling = 1
)

// The dev102.json floors, at the level reached once tuned on it with
// rules-2026.11.80 (0.964, none harmful); blind under rules-2026.11.79, 0.927 with none of 35 harmful approved, 3 of 75 approvable refused.
const (
	// dev102AgreementFloor is the least share of dev102.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.978 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev102AgreementFloor = 0.975
	// dev102HarmfulCeiling is how many dev102.json templates labelled
	// regulated or scam the review may approve.
	dev102HarmfulCeiling = 0
)

// The dev103.json floors, at the level reached once tuned on it with
// rules-2026.11.81 (0.993, none harmful); blind under rules-2026.11.80,
// 0.893 with 14 of 81 harmful approved, none of 50 approvable refused.
const (
	// dev103AgreementFloor is the least share of dev103.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 1.000 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev103AgreementFloor = 1.00
	// dev103HarmfulCeiling is how many dev103.json templates labelled
	// regulated or scam the review may approve.
	dev103HarmfulCeiling = 0
)

// The dev104.json floors, at the level reached once tuned on it with
// rules-2026.11.82 (1.000, none harmful); blind under rules-2026.11.81, 0.897 with 15 of 88 harmful approved, none of 57 approvable refused.
const (
	// dev104AgreementFloor is the least share of dev104.json cases whose
	// outcome must equal the label.
	dev104AgreementFloor = 0.995
	// dev104HarmfulCeiling is how many dev104.json templates labelled
	// regulated or scam the review may approve.
	dev104HarmfulCeiling = 0
)

// The dev105.json floors, at the level reached once tuned on it with
// rules-2026.11.82 (0.965, none harmful); blind under rules-2026.11.81, 0.845 with 4 of 27 harmful approved, none of 76 approvable refused.
const (
	// dev105AgreementFloor is the least share of dev105.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.993 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev105AgreementFloor = 0.99
	// dev105HarmfulCeiling is how many dev105.json templates labelled
	// regulated or scam the review may approve.
	dev105HarmfulCeiling = 0
)

// The dev106.json floors, at the level reached once tuned on it with
// rules-2026.11.83 (1.000, none harmful); blind under rules-2026.11.82, 0.887 with 20 of 109 harmful approved, none of 71 approvable refused.
const (
	// dev106AgreementFloor is the least share of dev106.json cases whose
	// outcome must equal the label.
	dev106AgreementFloor = 0.995
	// dev106HarmfulCeiling is how many dev106.json templates labelled
	// regulated or scam the review may approve.
	dev106HarmfulCeiling = 0
)

// The dev107.json floors, at the level reached once tuned on it with
// rules-2026.11.83 (0.963, none harmful); blind under rules-2026.11.82, 0.881 with 10 of 82 harmful approved, 3 of 48 approvable refused.
const (
	// dev107AgreementFloor is the least share of dev107.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.970 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	// Raised when rules-2026.11.98 took it to 0.978.
	dev107AgreementFloor = 0.975
	// dev107HarmfulCeiling is how many dev107.json templates labelled
	// regulated or scam the review may approve.
	dev107HarmfulCeiling = 0
)

// The dev108.json floors, at the level reached once tuned on it with
// rules-2026.11.84 (1.000, none harmful); blind under rules-2026.11.83, 0.880 with 20 of 102 harmful approved, none of 64 approvable refused.
const (
	// dev108AgreementFloor is the least share of dev108.json cases whose
	// outcome must equal the label.
	dev108AgreementFloor = 0.995
	// dev108HarmfulCeiling is how many dev108.json templates labelled
	// regulated or scam the review may approve.
	dev108HarmfulCeiling = 0
)

// The dev109.json floors, at the level reached once tuned on it with
// rules-2026.11.84 (0.976, none harmful); blind under rules-2026.11.83, 0.910 with 4 of 37 harmful approved, none of 86 approvable refused.
const (
	// dev109AgreementFloor is the least share of dev109.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.994 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev109AgreementFloor = 0.99
	// dev109HarmfulCeiling is how many dev109.json templates labelled
	// regulated or scam the review may approve.
	dev109HarmfulCeiling = 0
)

// The dev110.json floors, at the level reached once tuned on it with
// rules-2026.11.85 (1.000, none harmful); blind under rules-2026.11.84, 0.877 with 19 of 96 harmful approved, none of 65 approvable refused.
const (
	// dev110AgreementFloor is the least share of dev110.json cases whose
	// outcome must equal the label.
	dev110AgreementFloor = 0.995
	// dev110HarmfulCeiling is how many dev110.json templates labelled
	// regulated or scam the review may approve.
	dev110HarmfulCeiling = 0
)

// The dev111.json floors, at the level reached once tuned on it with
// rules-2026.11.85 (0.981, none harmful); blind under rules-2026.11.84, 0.943 with none of 47 harmful approved, 1 of 75 approvable refused.
const (
	// dev111AgreementFloor is the least share of dev111.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.994 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev111AgreementFloor = 0.99
	// dev111HarmfulCeiling is how many dev111.json templates labelled
	// regulated or scam the review may approve.
	dev111HarmfulCeiling = 0
)

// The dev112.json floors, at the level reached once tuned on it with
// rules-2026.11.86 (0.959, 2 harmful left: spread odds in a header over a sports recap, and a magnetic bracelet "gegen Arthrose"); blind under rules-2026.11.85, 0.831 with 21 of 89 harmful approved, 1 of 56 approvable refused.
const (
	// dev112AgreementFloor is the least share of dev112.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.90 took it to 0.973 (a point spread in a header refused).
	dev112AgreementFloor = 0.97
	// dev112HarmfulCeiling is how many dev112.json templates labelled
	// regulated or scam the review may approve.
	dev112HarmfulCeiling = 1
)

// The dev113.json floors, at the level reached once tuned on it with
// rules-2026.11.86 (0.993, 1 harmful left: a testimonial of walking "sin dolor" after years of arthrosis); blind under rules-2026.11.85, 0.901 with 14 of 83 harmful approved, none of 55 approvable refused.
const (
	// dev113AgreementFloor is the least share of dev113.json cases whose
	// outcome must equal the label.
	dev113AgreementFloor = 0.99
	// dev113HarmfulCeiling is how many dev113.json templates labelled
	// regulated or scam the review may approve.
	dev113HarmfulCeiling = 1
)

// The dev114.json floors, at the level reached once tuned on it with
// rules-2026.11.87 (0.955, 2 harmful left: a remortgage offered inside an
// enquiry's confirmation, a fixed-rate mortgage named only in a header over
// an appointment); blind under rules-2026.11.86, 0.871 with 13 of 87
// harmful approved, 3 of 45 approvable refused.
const (
	// dev114AgreementFloor is the least share of dev114.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.89 took it to 0.970 (the remortgage inside
	// a confirmation refused: a receipt word far from any servicing word no
	// longer makes a loan the recipient's own).
	// Raised when rules-2026.11.91 took it to 0.977 (a mortgage at a rate "TIN" in a header refused).
	dev114AgreementFloor = 0.975
	// dev114HarmfulCeiling is how many dev114.json templates labelled
	// regulated or scam the review may approve.
	dev114HarmfulCeiling = 0
)

// The dev115.json floors, at the level reached once tuned on it with
// rules-2026.11.88 (1.000); blind under rules-2026.11.87, 0.848 with 23 of
// 96 harmful approved, none of 55 approvable refused.
const (
	// dev115AgreementFloor is the least share of dev115.json cases whose
	// outcome must equal the label.
	dev115AgreementFloor = 1.0
	// dev115HarmfulCeiling is how many dev115.json templates labelled
	// regulated or scam the review may approve.
	dev115HarmfulCeiling = 0
)

// The dev116.json floors, at the level reached once tuned on it with
// rules-2026.11.88 (0.963, 4 harmful left, each a notice about an
// investment the recipient holds: a trading bot's daily report, coins
// doubled for holding, a daily yield credited, a token newly listed); blind
// under rules-2026.11.87, 0.934 with 8 of 80 harmful approved, none of 49
// approvable refused.
const (
	// dev116AgreementFloor is the least share of dev116.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.90 took it to 0.971 (a gym's waived joining fee recategorised).
	dev116AgreementFloor = 0.97
	// dev116HarmfulCeiling is how many dev116.json templates labelled
	// regulated or scam the review may approve.
	dev116HarmfulCeiling = 4
)

// The dev117.json floors, at the level reached once tuned on it with
// rules-2026.11.89 (0.973, 3 harmful left: a paid fantasy contest offered
// under a lineup notice, a point spread "before it moves", a crypto pick in
// an example value); blind under rules-2026.11.88, 0.919 with 10 of 89
// harmful approved, none of 58 approvable refused.
const (
	// dev117AgreementFloor is the least share of dev117.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.90 took it to 0.986 (a point spread "at -3.5" refused, a friend brought free recategorised).
	// Raised when rules-2026.11.91 took it to 0.993 (a paid contest with a money prize refused).
	dev117AgreementFloor = 0.99
	// dev117HarmfulCeiling is how many dev117.json templates labelled
	// regulated or scam the review may approve.
	dev117HarmfulCeiling = 1
)

// The dev118.json floors, at the level reached once tuned on it with
// rules-2026.11.89 (0.969); blind under rules-2026.11.88, 0.922 with 6 of 78
// harmful approved, 2 of 45 approvable refused (statements starting with a
// parameter, INVALID_FORMAT by the format rule).
const (
	// dev118AgreementFloor is the least share of dev118.json cases whose
	// outcome must equal the label.
	dev118AgreementFloor = 0.965
	// dev118HarmfulCeiling is how many dev118.json templates labelled
	// regulated or scam the review may approve.
	dev118HarmfulCeiling = 0
)

// The dev119.json floors, at the level reached once tuned on it with
// rules-2026.11.90 (0.970, 1 harmful left: SME credit "authorised on the
// spot" inside a visit's confirmation); blind before it was read (under
// rules-2026.11.89 with the point-spread and joining-fee changes), 0.902
// with 9 of 83 harmful approved, 3 of 45 approvable refused (crypto
// exchanges' login and maintenance notices, which writers label both ways,
// and tomato staking kits, now approved).
const (
	// dev119AgreementFloor is the least share of dev119.json cases whose
	// outcome must equal the label.
	dev119AgreementFloor = 0.965
	// dev119HarmfulCeiling is how many dev119.json templates labelled
	// regulated or scam the review may approve.
	dev119HarmfulCeiling = 1
)

// The dev120.json floors, at the level reached once tuned on it with
// rules-2026.11.90 (0.985); blind before it was read (under
// rules-2026.11.89 with the point-spread and joining-fee changes), 0.892
// with 12 of 79 harmful approved, none of 43 approvable refused.
const (
	// dev120AgreementFloor is the least share of dev120.json cases whose
	// outcome must equal the label.
	dev120AgreementFloor = 0.98
	// dev120HarmfulCeiling is how many dev120.json templates labelled
	// regulated or scam the review may approve.
	dev120HarmfulCeiling = 0
)

// The dev121.json floors, at the level reached once tuned on it with
// rules-2026.11.91 (0.993, 1 harmful left: a raffle's tickets still on sale
// in a reminder); blind under rules-2026.11.90 with the paid-contest rule,
// 0.896 with 14 of 85 harmful approved, none of 49 approvable refused.
const (
	// dev121AgreementFloor is the least share of dev121.json cases whose
	// outcome must equal the label.
	dev121AgreementFloor = 0.99
	// dev121HarmfulCeiling is how many dev121.json templates labelled
	// regulated or scam the review may approve.
	dev121HarmfulCeiling = 1
)

// The dev122.json floors, at the level reached once tuned on it with
// rules-2026.11.91 (0.984); blind under rules-2026.11.90 with the
// paid-contest rule, 0.913 with 9 of 78 harmful approved, none of 45
// approvable refused.
const (
	// dev122AgreementFloor is the least share of dev122.json cases whose
	// outcome must equal the label.
	// Raised when rules-2026.11.95 took it to 0.992 (a case labelled INVALID_FORMAT
	// that Stage A refuses for its parameters agrees since then).
	dev122AgreementFloor = 0.99
	// dev122HarmfulCeiling is how many dev122.json templates labelled
	// regulated or scam the review may approve.
	dev122HarmfulCeiling = 0
)

// The dev123.json floors, at the level reached once tuned on it with
// rules-2026.11.92 (0.988; its 2 disagreements are crypto exchanges'
// maintenance notices labelled approvable, which other writers label
// regulated); blind under rules-2026.11.91, 0.932 with 9 of 101 harmful
// approved, 2 of 59 approvable refused.
const (
	// dev123AgreementFloor is the least share of dev123.json cases whose
	// outcome must equal the label.
	dev123AgreementFloor = 0.985
	// dev123HarmfulCeiling is how many dev123.json templates labelled
	// regulated or scam the review may approve.
	dev123HarmfulCeiling = 0
)

// The dev124.json floors, at the level reached once tuned on it with
// rules-2026.11.92 (0.970, 2 harmful left: a blood-sugar testimonial in
// figures, a sciatica device "en 10 séances" beside free delivery); blind
// under rules-2026.11.91, 0.941 with 6 of 82 harmful approved, none of 47
// approvable refused.
const (
	// dev124AgreementFloor is the least share of dev124.json cases whose
	// outcome must equal the label.
	dev124AgreementFloor = 0.97
	// dev124HarmfulCeiling is how many dev124.json templates labelled
	// regulated or scam the review may approve.
	dev124HarmfulCeiling = 2
)

// The dev125.json floors, at the level reached once tuned on it with
// rules-2026.11.93 (0.993; a scratch-card kiosk offer refused as a scam
// rather than as regulated); blind under rules-2026.11.92, 0.957 with 5 of
// 87 harmful approved, none of 52 approvable refused.
const (
	// dev125AgreementFloor is the least share of dev125.json cases whose
	// outcome must equal the label.
	dev125AgreementFloor = 0.99
	// dev125HarmfulCeiling is how many dev125.json templates labelled
	// regulated or scam the review may approve.
	dev125HarmfulCeiling = 0
)

// The dev126.json floors, at the level reached once tuned on it with
// rules-2026.11.93 (0.969); blind under rules-2026.11.92, 0.937 with 4 of
// 83 harmful approved, none of 38 approvable refused.
const (
	// dev126AgreementFloor is the least share of dev126.json cases whose
	// outcome must equal the label.
	dev126AgreementFloor = 0.965
	// dev126HarmfulCeiling is how many dev126.json templates labelled
	// regulated or scam the review may approve.
	dev126HarmfulCeiling = 0
)

// The dev127.json floors, at the level reached once tuned on it with
// rules-2026.11.94 (0.977, 3 harmful left: an arranged overdraft switched
// on "in seconds", car credit with a down payment inside a service notice,
// bingo bonus tickets in a reminder); blind under rules-2026.11.93, 0.940
// with 8 of 83 harmful approved, none of 50 approvable refused.
const (
	// dev127AgreementFloor is the least share of dev127.json cases whose
	// outcome must equal the label.
	dev127AgreementFloor = 0.975
	// dev127HarmfulCeiling is how many dev127.json templates labelled
	// regulated or scam the review may approve.
	dev127HarmfulCeiling = 3
)

// The dev128.json floors, at the level reached once tuned on it with
// rules-2026.11.96 (1.000, none left); blind under rules-2026.11.95, 0.891 with 13 of 82 harmful approved, none of 44 approvable refused.
const (
	// dev128AgreementFloor is the least share of dev128.json cases whose
	// outcome must equal the label.
	dev128AgreementFloor = 1.0
	// dev128HarmfulCeiling is how many dev128.json templates labelled
	// regulated or scam the review may approve.
	dev128HarmfulCeiling = 0
)

// The dev129.json floors, at the level reached once tuned on it with
// rules-2026.11.96 (1.000, none left); blind under rules-2026.11.95, 0.940 with 8 of 79 harmful approved, none of 54 approvable refused.
const (
	// dev129AgreementFloor is the least share of dev129.json cases whose
	// outcome must equal the label.
	dev129AgreementFloor = 1.0
	// dev129HarmfulCeiling is how many dev129.json templates labelled
	// regulated or scam the review may approve.
	dev129HarmfulCeiling = 0
)

// The dev130.json floors, at the level reached once tuned on it with
// rules-2026.11.97 (0.993, none left; its one miss a payment notice that starts with a parameter, labelled approved); blind under rules-2026.11.96, 0.932 with 8 of 93 harmful approved, 1 of 50 approvable refused.
const (
	// dev130AgreementFloor is the least share of dev130.json cases whose
	// outcome must equal the label.
	dev130AgreementFloor = 0.99
	// dev130HarmfulCeiling is how many dev130.json templates labelled
	// regulated or scam the review may approve.
	dev130HarmfulCeiling = 0
)

// The dev131.json floors, at the level reached once tuned on it with
// rules-2026.11.97 (0.986, none left; a fund paying 7,500 for 5,000 refused as a scam where its label says regulated, gym tips sent as UTILITY approved); blind under rules-2026.11.96, 0.949 with 5 of 80 harmful approved, none of 53 approvable refused.
const (
	// dev131AgreementFloor is the least share of dev131.json cases whose
	// outcome must equal the label.
	dev131AgreementFloor = 0.985
	// dev131HarmfulCeiling is how many dev131.json templates labelled
	// regulated or scam the review may approve.
	dev131HarmfulCeiling = 0
)

// The dev132.json floors, at the level reached once tuned on it with
// rules-2026.11.98 (0.986, none left; two approvable refused: a newsagent's hours naming lottery tickets, a personal loan's payment reminder (a servicing word "pago" or "vence" would let two held-out harmful templates through)); blind under rules-2026.11.97, 0.939 with 6 of 92 harmful approved, 3 of 55 approvable refused.
const (
	// dev132AgreementFloor is the least share of dev132.json cases whose
	// outcome must equal the label.
	dev132AgreementFloor = 0.985
	// dev132HarmfulCeiling is how many dev132.json templates labelled
	// regulated or scam the review may approve.
	dev132HarmfulCeiling = 0
)

// The dev133.json floors, at the level reached once tuned on it with
// rules-2026.11.98 (0.993, none left; a Portuguese text declared Spanish is approved); blind under rules-2026.11.97, 0.923 with 10 of 83 harmful approved, none of 53 approvable refused.
const (
	// dev133AgreementFloor is the least share of dev133.json cases whose
	// outcome must equal the label.
	dev133AgreementFloor = 0.99
	// dev133HarmfulCeiling is how many dev133.json templates labelled
	// regulated or scam the review may approve.
	dev133HarmfulCeiling = 0
)

// The dev134.json floors, at the level reached once tuned on it with
// rules-2026.11.99 (1.000, none left); blind under rules-2026.11.98, 0.912 with 13 of 97 harmful approved, 1 of 59 approvable refused.
const (
	// dev134AgreementFloor is the least share of dev134.json cases whose
	// outcome must equal the label.
	dev134AgreementFloor = 1.0
	// dev134HarmfulCeiling is how many dev134.json templates labelled
	// regulated or scam the review may approve.
	dev134HarmfulCeiling = 0
)

// The dev135.json floors, at the level reached once tuned on it with
// rules-2026.11.99 (1.000, none left); blind under rules-2026.11.98, 0.960 with 6 of 87 harmful approved, none of 57 approvable refused.
const (
	// dev135AgreementFloor is the least share of dev135.json cases whose
	// outcome must equal the label.
	dev135AgreementFloor = 1.0
	// dev135HarmfulCeiling is how many dev135.json templates labelled
	// regulated or scam the review may approve.
	dev135HarmfulCeiling = 0
)

// The dev136.json floors, at the level reached once tuned on it with
// rules-2026.11.100 (0.973, none left; refused still: three crypto exchanges' notices its writer labels approvable (rule 5 refuses content that refers to crypto), and a crypto platform's sign-in code labelled INCORRECT_CATEGORY); blind under rules-2026.11.99, 0.884 with 13 of 93 harmful approved, 3 of 53 approvable refused.
const (
	// dev136AgreementFloor is the least share of dev136.json cases whose
	// outcome must equal the label.
	dev136AgreementFloor = 0.97
	// dev136HarmfulCeiling is how many dev136.json templates labelled
	// regulated or scam the review may approve.
	dev136HarmfulCeiling = 0
)

// The dev137.json floors, at the level reached once tuned on it with
// rules-2026.11.100 (0.964, 1 left: a savings plan's "rentabilidad fija del 9 % anual, sin riesgo" with no investment word; refused still: four notices that start with a parameter, which its writer labels approvable); blind under rules-2026.11.99, 0.906 with 8 of 82 harmful approved, 5 of 52 approvable refused.
const (
	// dev137AgreementFloor is the least share of dev137.json cases whose
	// outcome must equal the label.
	dev137AgreementFloor = 0.96
	// dev137HarmfulCeiling is how many dev137.json templates labelled
	// regulated or scam the review may approve.
	dev137HarmfulCeiling = 1
)

// The dev138.json floors, at the level reached once tuned on it with
// rules-2026.11.101 (1.000, none left); blind under rules-2026.11.100, 0.946 with 8 of 90 harmful approved, none of 53 approvable refused.
const (
	// dev138AgreementFloor is the least share of dev138.json cases whose
	// outcome must equal the label.
	dev138AgreementFloor = 1.0
	// dev138HarmfulCeiling is how many dev138.json templates labelled
	// regulated or scam the review may approve.
	dev138HarmfulCeiling = 0
)

// The dev139.json floors, at the level reached once tuned on it with
// rules-2026.11.101 (0.977, 1 left: an exchange's filled order for ETH, which the rules do not read as crypto ("ETH" alone is also a university); refused still: a lab notice that starts with a parameter); blind under rules-2026.11.100, 0.947 with 5 of 84 harmful approved, 1 of 44 approvable refused.
const (
	// dev139AgreementFloor is the least share of dev139.json cases whose
	// outcome must equal the label.
	dev139AgreementFloor = 0.975
	// dev139HarmfulCeiling is how many dev139.json templates labelled
	// regulated or scam the review may approve.
	dev139HarmfulCeiling = 1
)

// The dev140.json floors, at the level reached once tuned on it with
// rules-2026.11.102 (0.964, 1 left: moringa capsules "para evitar gripes" in an order confirmation; refused still: two crypto apps' notices its writer labels approvable (rule 5)); blind under rules-2026.11.101, 0.921 with 7 of 84 harmful approved, 2 of 51 approvable refused.
const (
	// dev140AgreementFloor is the least share of dev140.json cases whose
	// outcome must equal the label.
	dev140AgreementFloor = 0.96
	// dev140HarmfulCeiling is how many dev140.json templates labelled
	// regulated or scam the review may approve.
	dev140HarmfulCeiling = 1
)

// The dev141.json floors, at the level reached once tuned on it with
// rules-2026.11.102 (0.992, 1 left: a plan paying "4% ao mês, garantido em contrato" with no investment word); blind under rules-2026.11.101, 0.929 with 9 of 82 harmful approved, none of 36 approvable refused.
const (
	// dev141AgreementFloor is the least share of dev141.json cases whose
	// outcome must equal the label.
	dev141AgreementFloor = 0.99
	// dev141HarmfulCeiling is how many dev141.json templates labelled
	// regulated or scam the review may approve.
	dev141HarmfulCeiling = 1
)

// developmentSets evaluates dev2.json to dev34.json.
func developmentSets(t *testing.T) []devSet {
	sets := []devSet{{file: dev2File, agreementFloor: dev2AgreementFloor, harmfulCeiling: dev2HarmfulCeiling},
		{file: dev3File, agreementFloor: dev3AgreementFloor, harmfulCeiling: dev3HarmfulCeiling},
		{file: dev4File, agreementFloor: dev4AgreementFloor, harmfulCeiling: dev4HarmfulCeiling},
		{file: dev5File, agreementFloor: dev5AgreementFloor, harmfulCeiling: dev5HarmfulCeiling},
		{file: dev6File, agreementFloor: dev6AgreementFloor, harmfulCeiling: dev6HarmfulCeiling},
		{file: dev7File, agreementFloor: dev7AgreementFloor, harmfulCeiling: dev7HarmfulCeiling},
		{file: dev8File, agreementFloor: dev8AgreementFloor, harmfulCeiling: dev8HarmfulCeiling},
		{file: dev9File, agreementFloor: dev9AgreementFloor, harmfulCeiling: dev9HarmfulCeiling},
		{file: dev10File, agreementFloor: dev10AgreementFloor, harmfulCeiling: dev10HarmfulCeiling},
		{file: dev11File, agreementFloor: dev11AgreementFloor, harmfulCeiling: dev11HarmfulCeiling},
		{file: dev12File, agreementFloor: dev12AgreementFloor, harmfulCeiling: dev12HarmfulCeiling},
		{file: dev13File, agreementFloor: dev13AgreementFloor, harmfulCeiling: dev13HarmfulCeiling},
		{file: dev14File, agreementFloor: dev14AgreementFloor, harmfulCeiling: dev14HarmfulCeiling},
		{file: dev15File, agreementFloor: dev15AgreementFloor, harmfulCeiling: dev15HarmfulCeiling},
		{file: dev16File, agreementFloor: dev16AgreementFloor, harmfulCeiling: dev16HarmfulCeiling},
		{file: dev17File, agreementFloor: dev17AgreementFloor, harmfulCeiling: dev17HarmfulCeiling},
		{file: dev18File, agreementFloor: dev18AgreementFloor, harmfulCeiling: dev18HarmfulCeiling},
		{file: dev19File, agreementFloor: dev19AgreementFloor, harmfulCeiling: dev19HarmfulCeiling},
		{file: dev20File, agreementFloor: dev20AgreementFloor, harmfulCeiling: dev20HarmfulCeiling},
		{file: dev21File, agreementFloor: dev21AgreementFloor, harmfulCeiling: dev21HarmfulCeiling},
		{file: dev22File, agreementFloor: dev22AgreementFloor, harmfulCeiling: dev22HarmfulCeiling},
		{file: dev23File, agreementFloor: dev23AgreementFloor, harmfulCeiling: dev23HarmfulCeiling},
		{file: dev24File, agreementFloor: dev24AgreementFloor, harmfulCeiling: dev24HarmfulCeiling},
		{file: dev25File, agreementFloor: dev25AgreementFloor, harmfulCeiling: dev25HarmfulCeiling},
		{file: dev26File, agreementFloor: dev26AgreementFloor, harmfulCeiling: dev26HarmfulCeiling},
		{file: dev27File, agreementFloor: dev27AgreementFloor, harmfulCeiling: dev27HarmfulCeiling},
		{file: dev28File, agreementFloor: dev28AgreementFloor, harmfulCeiling: dev28HarmfulCeiling},
		{file: dev29File, agreementFloor: dev29AgreementFloor, harmfulCeiling: dev29HarmfulCeiling},
		{file: dev30File, agreementFloor: dev30AgreementFloor, harmfulCeiling: dev30HarmfulCeiling},
		{file: dev31File, agreementFloor: dev31AgreementFloor, harmfulCeiling: dev31HarmfulCeiling},
		{file: dev32File, agreementFloor: dev32AgreementFloor, harmfulCeiling: dev32HarmfulCeiling},
		{file: dev33File, agreementFloor: dev33AgreementFloor, harmfulCeiling: dev33HarmfulCeiling},
		{file: dev34File, agreementFloor: dev34AgreementFloor, harmfulCeiling: dev34HarmfulCeiling},
		{file: dev35File, agreementFloor: dev35AgreementFloor, harmfulCeiling: dev35HarmfulCeiling},
		{file: dev36File, agreementFloor: dev36AgreementFloor, harmfulCeiling: dev36HarmfulCeiling},
		{file: dev37File, agreementFloor: dev37AgreementFloor, harmfulCeiling: dev37HarmfulCeiling},
		{file: dev38File, agreementFloor: dev38AgreementFloor, harmfulCeiling: dev38HarmfulCeiling},
		{file: dev39File, agreementFloor: dev39AgreementFloor, harmfulCeiling: dev39HarmfulCeiling},
		{file: dev40File, agreementFloor: dev40AgreementFloor, harmfulCeiling: dev40HarmfulCeiling},
		{file: dev41File, agreementFloor: dev41AgreementFloor, harmfulCeiling: dev41HarmfulCeiling},
		{file: dev42File, agreementFloor: dev42AgreementFloor, harmfulCeiling: dev42HarmfulCeiling},
		{file: dev43File, agreementFloor: dev43AgreementFloor, harmfulCeiling: dev43HarmfulCeiling},
		{file: dev44File, agreementFloor: dev44AgreementFloor, harmfulCeiling: dev44HarmfulCeiling},
		{file: dev45File, agreementFloor: dev45AgreementFloor, harmfulCeiling: dev45HarmfulCeiling},
		{file: dev46File, agreementFloor: dev46AgreementFloor, harmfulCeiling: dev46HarmfulCeiling},
		{file: dev47File, agreementFloor: dev47AgreementFloor, harmfulCeiling: dev47HarmfulCeiling},
		{file: dev48File, agreementFloor: dev48AgreementFloor, harmfulCeiling: dev48HarmfulCeiling},
		{file: dev49File, agreementFloor: dev49AgreementFloor, harmfulCeiling: dev49HarmfulCeiling},
		{file: dev50File, agreementFloor: dev50AgreementFloor, harmfulCeiling: dev50HarmfulCeiling},
		{file: dev51File, agreementFloor: dev51AgreementFloor, harmfulCeiling: dev51HarmfulCeiling},
		{file: dev52File, agreementFloor: dev52AgreementFloor, harmfulCeiling: dev52HarmfulCeiling},
		{file: dev53File, agreementFloor: dev53AgreementFloor, harmfulCeiling: dev53HarmfulCeiling},
		{file: dev54File, agreementFloor: dev54AgreementFloor, harmfulCeiling: dev54HarmfulCeiling},
		{file: dev55File, agreementFloor: dev55AgreementFloor, harmfulCeiling: dev55HarmfulCeiling},
		{file: dev56File, agreementFloor: dev56AgreementFloor, harmfulCeiling: dev56HarmfulCeiling},
		{file: dev57File, agreementFloor: dev57AgreementFloor, harmfulCeiling: dev57HarmfulCeiling},
		{file: dev58File, agreementFloor: dev58AgreementFloor, harmfulCeiling: dev58HarmfulCeiling},
		{file: dev59File, agreementFloor: dev59AgreementFloor, harmfulCeiling: dev59HarmfulCeiling},
		{file: dev60File, agreementFloor: dev60AgreementFloor, harmfulCeiling: dev60HarmfulCeiling},
		{file: dev61File, agreementFloor: dev61AgreementFloor, harmfulCeiling: dev61HarmfulCeiling},
		{file: dev62File, agreementFloor: dev62AgreementFloor, harmfulCeiling: dev62HarmfulCeiling},
		{file: dev63File, agreementFloor: dev63AgreementFloor, harmfulCeiling: dev63HarmfulCeiling},
		{file: dev64File, agreementFloor: dev64AgreementFloor, harmfulCeiling: dev64HarmfulCeiling},
		{file: dev65File, agreementFloor: dev65AgreementFloor, harmfulCeiling: dev65HarmfulCeiling},
		{file: dev66File, agreementFloor: dev66AgreementFloor, harmfulCeiling: dev66HarmfulCeiling},
		{file: dev67File, agreementFloor: dev67AgreementFloor, harmfulCeiling: dev67HarmfulCeiling},
		{file: dev68File, agreementFloor: dev68AgreementFloor, harmfulCeiling: dev68HarmfulCeiling},
		{file: dev69File, agreementFloor: dev69AgreementFloor, harmfulCeiling: dev69HarmfulCeiling},
		{file: dev70File, agreementFloor: dev70AgreementFloor, harmfulCeiling: dev70HarmfulCeiling},
		{file: dev71File, agreementFloor: dev71AgreementFloor, harmfulCeiling: dev71HarmfulCeiling},
		{file: dev72File, agreementFloor: dev72AgreementFloor, harmfulCeiling: dev72HarmfulCeiling},
		{file: dev73File, agreementFloor: dev73AgreementFloor, harmfulCeiling: dev73HarmfulCeiling},
		{file: dev74File, agreementFloor: dev74AgreementFloor, harmfulCeiling: dev74HarmfulCeiling},
		{file: dev75File, agreementFloor: dev75AgreementFloor, harmfulCeiling: dev75HarmfulCeiling},
		{file: dev76File, agreementFloor: dev76AgreementFloor, harmfulCeiling: dev76HarmfulCeiling},
		{file: dev77File, agreementFloor: dev77AgreementFloor, harmfulCeiling: dev77HarmfulCeiling},
		{file: dev78File, agreementFloor: dev78AgreementFloor, harmfulCeiling: dev78HarmfulCeiling},
		{file: dev79File, agreementFloor: dev79AgreementFloor, harmfulCeiling: dev79HarmfulCeiling},
		{file: dev80File, agreementFloor: dev80AgreementFloor, harmfulCeiling: dev80HarmfulCeiling},
		{file: dev81File, agreementFloor: dev81AgreementFloor, harmfulCeiling: dev81HarmfulCeiling},
		{file: dev82File, agreementFloor: dev82AgreementFloor, harmfulCeiling: dev82HarmfulCeiling},
		{file: dev83File, agreementFloor: dev83AgreementFloor, harmfulCeiling: dev83HarmfulCeiling},
		{file: dev84File, agreementFloor: dev84AgreementFloor, harmfulCeiling: dev84HarmfulCeiling},
		{file: dev85File, agreementFloor: dev85AgreementFloor, harmfulCeiling: dev85HarmfulCeiling},
		{file: dev86File, agreementFloor: dev86AgreementFloor, harmfulCeiling: dev86HarmfulCeiling},
		{file: dev87File, agreementFloor: dev87AgreementFloor, harmfulCeiling: dev87HarmfulCeiling},
		{file: dev88File, agreementFloor: dev88AgreementFloor, harmfulCeiling: dev88HarmfulCeiling},
		{file: dev89File, agreementFloor: dev89AgreementFloor, harmfulCeiling: dev89HarmfulCeiling},
		{file: dev90File, agreementFloor: dev90AgreementFloor, harmfulCeiling: dev90HarmfulCeiling},
		{file: dev91File, agreementFloor: dev91AgreementFloor, harmfulCeiling: dev91HarmfulCeiling},
		{file: dev92File, agreementFloor: dev92AgreementFloor, harmfulCeiling: dev92HarmfulCeiling},
		{file: dev93File, agreementFloor: dev93AgreementFloor, harmfulCeiling: dev93HarmfulCeiling},
		{file: dev94File, agreementFloor: dev94AgreementFloor, harmfulCeiling: dev94HarmfulCeiling},
		{file: dev95File, agreementFloor: dev95AgreementFloor, harmfulCeiling: dev95HarmfulCeiling},
		{file: dev96File, agreementFloor: dev96AgreementFloor, harmfulCeiling: dev96HarmfulCeiling},
		{file: dev97File, agreementFloor: dev97AgreementFloor, harmfulCeiling: dev97HarmfulCeiling},
		{file: dev98File, agreementFloor: dev98AgreementFloor, harmfulCeiling: dev98HarmfulCeiling},
		{file: dev99File, agreementFloor: dev99AgreementFloor, harmfulCeiling: dev99HarmfulCeiling},
		{file: dev100File, agreementFloor: dev100AgreementFloor, harmfulCeiling: dev100HarmfulCeiling},
		{file: dev101File, agreementFloor: dev101AgreementFloor, harmfulCeiling: dev101HarmfulCeiling},
		{file: dev102File, agreementFloor: dev102AgreementFloor, harmfulCeiling: dev102HarmfulCeiling},
		{file: dev103File, agreementFloor: dev103AgreementFloor, harmfulCeiling: dev103HarmfulCeiling},
		{file: dev104File, agreementFloor: dev104AgreementFloor, harmfulCeiling: dev104HarmfulCeiling},
		{file: dev105File, agreementFloor: dev105AgreementFloor, harmfulCeiling: dev105HarmfulCeiling},
		{file: dev106File, agreementFloor: dev106AgreementFloor, harmfulCeiling: dev106HarmfulCeiling},
		{file: dev107File, agreementFloor: dev107AgreementFloor, harmfulCeiling: dev107HarmfulCeiling},
		{file: dev108File, agreementFloor: dev108AgreementFloor, harmfulCeiling: dev108HarmfulCeiling},
		{file: dev109File, agreementFloor: dev109AgreementFloor, harmfulCeiling: dev109HarmfulCeiling},
		{file: dev110File, agreementFloor: dev110AgreementFloor, harmfulCeiling: dev110HarmfulCeiling},
		{file: dev111File, agreementFloor: dev111AgreementFloor, harmfulCeiling: dev111HarmfulCeiling},
		{file: dev112File, agreementFloor: dev112AgreementFloor, harmfulCeiling: dev112HarmfulCeiling},
		{file: dev113File, agreementFloor: dev113AgreementFloor, harmfulCeiling: dev113HarmfulCeiling},
		{file: dev114File, agreementFloor: dev114AgreementFloor, harmfulCeiling: dev114HarmfulCeiling},
		{file: dev115File, agreementFloor: dev115AgreementFloor, harmfulCeiling: dev115HarmfulCeiling},
		{file: dev116File, agreementFloor: dev116AgreementFloor, harmfulCeiling: dev116HarmfulCeiling},
		{file: dev117File, agreementFloor: dev117AgreementFloor, harmfulCeiling: dev117HarmfulCeiling},
		{file: dev118File, agreementFloor: dev118AgreementFloor, harmfulCeiling: dev118HarmfulCeiling},
		{file: dev119File, agreementFloor: dev119AgreementFloor, harmfulCeiling: dev119HarmfulCeiling},
		{file: dev120File, agreementFloor: dev120AgreementFloor, harmfulCeiling: dev120HarmfulCeiling},
		{file: dev121File, agreementFloor: dev121AgreementFloor, harmfulCeiling: dev121HarmfulCeiling},
		{file: dev122File, agreementFloor: dev122AgreementFloor, harmfulCeiling: dev122HarmfulCeiling},
		{file: dev123File, agreementFloor: dev123AgreementFloor, harmfulCeiling: dev123HarmfulCeiling},
		{file: dev124File, agreementFloor: dev124AgreementFloor, harmfulCeiling: dev124HarmfulCeiling},
		{file: dev125File, agreementFloor: dev125AgreementFloor, harmfulCeiling: dev125HarmfulCeiling},
		{file: dev126File, agreementFloor: dev126AgreementFloor, harmfulCeiling: dev126HarmfulCeiling},
		{file: dev127File, agreementFloor: dev127AgreementFloor, harmfulCeiling: dev127HarmfulCeiling},
		{file: dev128File, agreementFloor: dev128AgreementFloor, harmfulCeiling: dev128HarmfulCeiling},
		{file: dev129File, agreementFloor: dev129AgreementFloor, harmfulCeiling: dev129HarmfulCeiling},
		{file: dev130File, agreementFloor: dev130AgreementFloor, harmfulCeiling: dev130HarmfulCeiling},
		{file: dev131File, agreementFloor: dev131AgreementFloor, harmfulCeiling: dev131HarmfulCeiling},
		{file: dev132File, agreementFloor: dev132AgreementFloor, harmfulCeiling: dev132HarmfulCeiling},
		{file: dev133File, agreementFloor: dev133AgreementFloor, harmfulCeiling: dev133HarmfulCeiling},
		{file: dev134File, agreementFloor: dev134AgreementFloor, harmfulCeiling: dev134HarmfulCeiling},
		{file: dev135File, agreementFloor: dev135AgreementFloor, harmfulCeiling: dev135HarmfulCeiling},
		{file: dev136File, agreementFloor: dev136AgreementFloor, harmfulCeiling: dev136HarmfulCeiling},
		{file: dev137File, agreementFloor: dev137AgreementFloor, harmfulCeiling: dev137HarmfulCeiling},
		{file: dev138File, agreementFloor: dev138AgreementFloor, harmfulCeiling: dev138HarmfulCeiling},
		{file: dev139File, agreementFloor: dev139AgreementFloor, harmfulCeiling: dev139HarmfulCeiling},
		{file: dev140File, agreementFloor: dev140AgreementFloor, harmfulCeiling: dev140HarmfulCeiling},
		{file: dev141File, agreementFloor: dev141AgreementFloor, harmfulCeiling: dev141HarmfulCeiling}}
	for i := range sets {
		sets[i].r = evaluate(loadCases(t, sets[i].file))
	}
	return sets
}

// checkReadable fails the test when eval.json or a development set falls
// below its floors or approves more regulated or scam content than its
// ceiling allows; it reports whether it failed.
func checkReadable(t *testing.T, r evalResult, dev []devSet) bool {
	t.Helper()
	failed := false
	if r.accuracy() < accuracyFloor || r.macroF1() < macroF1Floor {
		failed = true
		t.Errorf("eval.json: accuracy %.3f (floor %.2f), macro F1 %.3f (floor %.2f)", r.accuracy(), accuracyFloor, r.macroF1(), macroF1Floor)
	}
	if n := r.harmfulApprovals(); n > 0 {
		failed = true
		t.Errorf("eval.json: %d templates labelled %s or REJECTED:SCAM approved, none allowed", n, labelRegulated)
	}
	return checkFloors(t, dev) || failed
}

// checkFloors fails the test for each set below its agreement floor or
// above its ceiling of regulated or scam approvals; it reports whether it
// failed.
func checkFloors(t *testing.T, sets []devSet) bool {
	t.Helper()
	failed := false
	for _, s := range sets {
		if s.r.accuracy() < s.agreementFloor {
			failed = true
			t.Errorf("%s: agreement %.3f, floor %.3f", s.file, s.r.accuracy(), s.agreementFloor)
		}
		if n := s.r.harmfulApprovals(); n > s.harmfulCeiling {
			failed = true
			t.Errorf("%s: %d templates labelled %s or REJECTED:SCAM approved, at most %d allowed", s.file, n, labelRegulated, s.harmfulCeiling)
		}
	}
	return failed
}

// TestEvaluation runs the whole review (Stage A, then the classifier) over
// the evaluation set, the development batches and the held-out batch. It
// reports precision, recall and the confusion table of eval.json, the
// misses of each development batch, and for each set its agreement and
// how many regulated or scam templates the review approved; it fails
// below the floors: accuracy and macro F1 on eval.json, agreement on the
// other sets, and approvals of regulated or scam content above each set's
// ceiling. `make classifier-eval` runs it verbosely: the report is its
// output.
func TestEvaluation(t *testing.T) {
	r := evaluate(loadEval(t))
	dev := developmentSets(t)
	held := heldOutSets()
	for i := range held {
		held[i].r = evaluate(loadCases(t, held[i].file))
	}
	report := r.String()
	for _, s := range dev {
		report += s.r.misses(s.file)
	}
	report += summary(r, dev, held)
	if testing.Verbose() {
		fmt.Print(report)
	}
	failed := checkReadable(t, r, dev)
	failed = checkFloors(t, held) || failed
	if failed && !testing.Verbose() {
		t.Log("\n" + report)
	}
}

// TestDevelopmentSets is TestEvaluation without heldout.json: the report
// of eval.json and the development batches, to tune the rules against
// without spending a look at the held-out figures (`make classifier-dev`).
func TestDevelopmentSets(t *testing.T) {
	r := evaluate(loadEval(t))
	dev := developmentSets(t)
	report := r.String()
	for _, s := range dev {
		report += s.r.misses(s.file)
	}
	report += summary(r, dev, nil)
	if testing.Verbose() {
		fmt.Print(report)
	}
	if checkReadable(t, r, dev) && !testing.Verbose() {
		t.Log("\n" + report)
	}
}

// summary is the report's last section: the figures of every set, the
// held-out batches' as aggregates only; held is empty when the report
// leaves them out.
func summary(r evalResult, dev []devSet, held []devSet) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("\nwhole review (Stage A, then the classifier): agreement = share of cases whose outcome equals the label\n")
	w("%-24s %7s %15s %28s %22s %25s\n", "set", "cases", "agreement", "regulated/scam approved", "approvable refused",
		"other Stage A refusals")
	line := func(name string, r evalResult) {
		w("%-24s %7d %6.3f (%3d/%3d) %28s %22s %25d\n", name, len(r.cases), r.accuracy(), r.correct(), len(r.cases),
			fmt.Sprintf("%d of %d", r.harmfulApprovals(), r.harmful()),
			fmt.Sprintf("%d of %d", r.approvableRefusals(), r.approvable()), r.count("", labelStageA))
	}
	line("eval.json", r)
	line("eval.json x_* (older)", r.subset(func(c evalCase) bool { return strings.HasPrefix(c.ID, heldOutPrefix) }))
	for _, s := range dev {
		line(strings.TrimPrefix(s.file, "testdata/")+" (development)", s.r)
	}
	for _, h := range held {
		line(strings.TrimPrefix(h.file, "testdata/"), h.r)
	}
	all := append(append([]devSet(nil), dev...), heldOutSets()...)
	w("floors: agreement")
	for _, s := range all {
		w(" %.3f on %s,", s.agreementFloor, strings.TrimPrefix(s.file, "testdata/"))
	}
	w(" (goal 0.90 on the held-out batches); regulated or scam approved: none in eval.json")
	for _, s := range all {
		w(", at most %d in %s", s.harmfulCeiling, strings.TrimPrefix(s.file, "testdata/"))
	}
	w(" (goal none anywhere)\n")
	// As aggregates, what the approvable templates the review refused
	// were refused as, per held-out batch: where the false alarms are,
	// without reading a case.
	for _, h := range held {
		if refused := h.r.approvableRefusedAs(); refused != "" {
			w("%s: approvable refused as %s\n", strings.TrimPrefix(h.file, "testdata/"), refused)
		}
		if n := h.r.harmfulApprovals(); n > 0 {
			w("%s: approved though labelled %s %d, %s %d\n", strings.TrimPrefix(h.file, "testdata/"),
				labelRegulated, h.r.count(labelRegulated, StatusApproved)+h.r.count(labelRegulated, "RECATEGORISED:"+template.CategoryMarketing),
				StatusRejected+":"+ReasonScam, n-h.r.count(labelRegulated, StatusApproved)-h.r.count(labelRegulated, "RECATEGORISED:"+template.CategoryMarketing))
		}
	}
	return b.String()
}

// approvableRefusedAs counts the approvable cases the review refused by
// the outcome they met ("REJECTED:SCAM 2, REJECTED:INVALID_FORMAT 1"),
// most first; "" when none was.
func (r evalResult) approvableRefusedAs() string {
	counts := map[string]int{}
	for i, c := range r.cases {
		if slices.Contains(approvableLabels, c.Label) && !slices.Contains(approvableLabels, r.outcome[i]) {
			counts[r.outcome[i]]++
		}
	}
	outcomes := slices.Collect(maps.Keys(counts))
	slices.SortFunc(outcomes, func(a, b string) int { return cmp.Or(cmp.Compare(counts[b], counts[a]), cmp.Compare(a, b)) })
	parts := make([]string, len(outcomes))
	for i, o := range outcomes {
		parts[i] = fmt.Sprintf("%s %d", o, counts[o])
	}
	return strings.Join(parts, ", ")
}

// evalResult holds what the report shows.
type evalResult struct {
	cases []evalCase
	// outcome is each case's predicted label: Stage A's refusal, or the
	// classifier's decision's label.
	outcome []string
	// predicted is the classifier's decision, the zero Decision when Stage
	// A refused the case.
	predicted []Decision
	labels    []string // report order: evalLabels(), then anything else predicted or expected
}

// evaluate runs each case through Stage A and, when it passes, the
// classifier.
func evaluate(cases []evalCase) evalResult {
	r := evalResult{labels: evalLabels()}
	for _, c := range cases {
		var d Decision
		label := stageA(c)
		if label == "" {
			d = Classify(c.input())
			label = d.Label()
		}
		r.add(c, label, d)
	}
	return r
}

func (r *evalResult) add(c evalCase, label string, d Decision) {
	r.cases = append(r.cases, c)
	r.outcome = append(r.outcome, label)
	r.predicted = append(r.predicted, d)
	for _, l := range []string{c.Label, label} {
		if !slices.Contains(r.labels, l) {
			r.labels = append(r.labels, l)
		}
	}
}

// subset is the result restricted to the cases keep accepts.
func (r evalResult) subset(keep func(evalCase) bool) evalResult {
	s := evalResult{labels: evalLabels()}
	for i, c := range r.cases {
		if keep(c) {
			s.add(c, r.outcome[i], r.predicted[i])
		}
	}
	return s
}

// harmful counts the cases labelled as content no review may let through:
// regulated (refused at Stage A) or a scam.
func (r evalResult) harmful() int {
	return r.count(labelRegulated, "") + r.count(StatusRejected+":"+ReasonScam, "")
}

// harmfulApprovals counts the harmful cases the review approved, in the
// declared category or as MARKETING.
func (r evalResult) harmfulApprovals() int {
	n := 0
	for _, want := range []string{labelRegulated, StatusRejected + ":" + ReasonScam} {
		n += r.count(want, StatusApproved) + r.count(want, "RECATEGORISED:"+template.CategoryMarketing)
	}
	return n
}

// approvableLabels are the outcomes under which a template may be sent.
var approvableLabels = []string{StatusApproved, "RECATEGORISED:" + template.CategoryMarketing}

// approvable counts the cases labelled as templates that may be sent.
func (r evalResult) approvable() int {
	return r.count(approvableLabels[0], "") + r.count(approvableLabels[1], "")
}

// approvableRefusals counts the approvable cases the review refused, at
// Stage A or by rejecting them: the false positives a business meets.
func (r evalResult) approvableRefusals() int {
	n := 0
	for i, c := range r.cases {
		if slices.Contains(approvableLabels, c.Label) && !slices.Contains(approvableLabels, r.outcome[i]) {
			n++
		}
	}
	return n
}

func (r evalResult) count(expected, predicted string) int {
	n := 0
	for i, c := range r.cases {
		if (expected == "" || c.Label == expected) && (predicted == "" || r.outcome[i] == predicted) {
			n++
		}
	}
	return n
}

func (r evalResult) correct() int {
	n := 0
	for i, c := range r.cases {
		if c.Label == r.outcome[i] {
			n++
		}
	}
	return n
}

func (r evalResult) accuracy() float64 { return ratio(r.correct(), len(r.cases)) }

// prf is precision, recall and F1 of one label.
func (r evalResult) prf(label string) (p, rec, f1 float64) {
	tp := r.count(label, label)
	p, rec = ratio(tp, r.count("", label)), ratio(tp, r.count(label, ""))
	if p+rec > 0 {
		f1 = 2 * p * rec / (p + rec)
	}
	return p, rec, f1
}

// macroF1 averages F1 over the labels that are expected or predicted at
// least once.
func (r evalResult) macroF1() float64 {
	sum, n := 0.0, 0
	for _, l := range r.labels {
		if r.count(l, "")+r.count("", l) == 0 {
			continue
		}
		_, _, f1 := r.prf(l)
		sum += f1
		n++
	}
	return ratio2(sum, n)
}

func ratio(a, b int) float64 { return ratio2(float64(a), b) }

func ratio2(a float64, b int) float64 {
	if b == 0 {
		return 0
	}
	return a / float64(b)
}

// shortLabel names a label in the confusion table's columns.
var shortLabel = map[string]string{
	"APPROVED":                      "APP",
	"RECATEGORISED:MARKETING":       "RE:MKT",
	"REJECTED:INCORRECT_CATEGORY":   "CAT",
	"REJECTED:TAG_CONTENT_MISMATCH": "TAG",
	"REJECTED:INVALID_FORMAT":       "FMT",
	"REJECTED:SCAM":                 "SCAM",
	"REJECTED:ABUSIVE_CONTENT":      "ABU",
	"REJECTED:PROMOTIONAL":          "PRO",
	labelRegulated:                  "REG",
	labelStageA:                     "STG-A",
}

func short(l string) string {
	if s, ok := shortLabel[l]; ok {
		return s
	}
	return l
}

func (r evalResult) String() string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("\nTemplate classifier evaluation: %s, %d templates (%s)\n\n", Version, len(r.cases), evalFile)

	w("%-31s %7s %9s %7s %9s %7s %6s\n", "label", "support", "predicted", "correct", "precision", "recall", "F1")
	for _, l := range r.labels {
		p, rec, f1 := r.prf(l)
		w("%-31s %7d %9d %7d %9.3f %7.3f %6.3f\n", l, r.count(l, ""), r.count("", l), r.count(l, l), p, rec, f1)
	}
	w("\naccuracy %.3f (%d/%d)   macro F1 %.3f   floors: accuracy %.2f, macro F1 %.2f\n",
		r.accuracy(), r.correct(), len(r.cases), r.macroF1(), accuracyFloor, macroF1Floor)

	w("\nconfusion (rows: expected, columns: predicted)\n%-31s", "")
	for _, l := range r.labels {
		w(" %6s", short(l))
	}
	w("\n")
	for _, e := range r.labels {
		w("%-31s", e)
		for _, p := range r.labels {
			if n := r.count(e, p); n > 0 {
				w(" %6d", n)
			} else {
				w(" %6s", ".")
			}
		}
		w("\n")
	}

	agree, total := 0, 0
	for i, c := range r.cases {
		if c.CorrectCategory != "" && r.outcome[i] == c.Label {
			total++
			if r.predicted[i].CorrectCategory == c.CorrectCategory {
				agree++
			}
		}
	}
	w("\ncorrect_category right in %d of %d templates rightly rejected INCORRECT_CATEGORY\n", agree, total)

	w("\nby language:")
	r.breakdown(&b, func(c evalCase) string { return template.PrimaryLanguage(c.Language) })
	w("by declared category:")
	r.breakdown(&b, func(c evalCase) string { return c.Category })
	w("by batch:")
	r.breakdown(&b, func(c evalCase) string {
		if strings.HasPrefix(c.ID, heldOutPrefix) {
			return "held-out(" + heldOutPrefix + "*)"
		}
		return "development"
	})

	b.WriteString(r.misclassified())
	return b.String()
}

// misses is the misclassified section of a development set other than
// eval.json: that set may be read case by case, unlike heldout.json.
func (r evalResult) misses(file string) string {
	return fmt.Sprintf("\n%s: agreement %.3f (%d/%d)\n", file, r.accuracy(), r.correct(), len(r.cases)) + r.misclassified()
}

// misclassified lists the cases whose outcome is not their label, with
// the signals that decided them. Never call it on heldout.json's result.
func (r evalResult) misclassified() string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("\nmisclassified (%d):\n", len(r.cases)-r.correct())
	for i, c := range r.cases {
		d := r.predicted[i]
		if r.outcome[i] == c.Label {
			continue
		}
		w("  %-28s expected %-29s got %s\n", c.ID, c.Label, r.outcome[i])
		w("  %-28s %s\n", "", c.Note)
		if d.Version == "" {
			for _, v := range c.draft().Violations() {
				w("  %-28s   Stage A %s\n", "", v)
			}
		}
		for _, s := range d.Signals {
			w("  %-28s   %s %s (%.2f)\n", "", s.Rule, s.Detail, s.Weight)
		}
	}
	return b.String()
}

func (r evalResult) breakdown(b *strings.Builder, key func(evalCase) string) {
	var keys []string
	total, right := map[string]int{}, map[string]int{}
	for i, c := range r.cases {
		k := key(c)
		if total[k] == 0 {
			keys = append(keys, k)
		}
		total[k]++
		if r.outcome[i] == c.Label {
			right[k]++
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		fmt.Fprintf(b, "  %s %.3f (%d/%d)", k, ratio(right[k], total[k]), right[k], total[k])
	}
	b.WriteString("\n")
}
