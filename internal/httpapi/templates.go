package httpapi

import (
	"context"

	"svc/internal/routes"
	"svc/internal/template"
)

// templateSummary is a template in list form (interface section 2.1).
type templateSummary struct {
	ID              string  `json:"id"`
	Name            string  `json:"name"`
	Language        string  `json:"language"`
	Category        string  `json:"category"`
	CorrectCategory *string `json:"correct_category"`
	Status          string  `json:"status"`
	QualityScore    string  `json:"quality_score"`
	RejectionReason *string `json:"rejection_reason"`
}

func toSummary(t template.Template) templateSummary {
	return templateSummary{ID: t.ID(), Name: t.Name, Language: t.Language, Category: t.Category,
		CorrectCategory: nullable(t.CorrectCategory), Status: string(t.Status), QualityScore: t.QualityScore,
		RejectionReason: nullable(t.RejectionReason)}
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

type listBody struct {
	Data []templateSummary `json:"data"`
}

func (s Services) listTemplates(ctx context.Context, req request) (int, any, error) {
	ts, err := s.Templates.List(ctx, req.PathParameters[routes.ParamZBA])
	if err != nil {
		return 0, nil, err
	}
	body := listBody{Data: make([]templateSummary, 0, len(ts))}
	for _, t := range ts {
		body.Data = append(body.Data, toSummary(t))
	}
	return 200, body, nil
}
