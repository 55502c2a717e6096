package webhook

import "time"

// FieldQualityUpdate is the compatible API's webhook field of a template's
// quality score change.
const FieldQualityUpdate = "message_template_quality_update"

// The other_info titles of the compatible API's pause events.
const (
	TitleFirstPause  = "FIRST_PAUSE"
	TitleSecondPause = "SECOND_PAUSE"
	TitleUnpause     = "UNPAUSE"
	TitleDisabled    = "DISABLED"
)

// QualityUpdate is the message_template_quality_update event of a quality
// score change of one template version.
func QualityUpdate(zbaID, templateID, name, language, previousScore, newScore string, version int, at time.Time) Event {
	return Event{
		ID:    eventID(FieldQualityUpdate, zbaID, templateID, version, previousScore+">"+newScore, at),
		ZBAID: zbaID, Field: FieldQualityUpdate, Time: at.UTC().Truncate(time.Second),
		Value: map[string]any{
			"message_template_id":       templateID,
			"message_template_name":     name,
			"message_template_language": language,
			"previous_quality_score":    previousScore,
			"new_quality_score":         newScore,
		},
	}
}

// PauseUpdate is the message_template_status_update event of a pause, an
// unpause or a disabling: event is PAUSED, APPROVED or DISABLED, and
// other_info {title, description} says which (title one of the Title
// constants). A disabling also carries disable_info {disable_date} in unix
// seconds. Its values are strings, nulls, objects of strings and one whole
// number that encodes alike as an int64 and as the float64 a JSON round
// trip makes of it, so every attempt sends the same bytes.
func PauseUpdate(zbaID, templateID, name, language, category, event, title, description string, version int, at time.Time) Event {
	e := StatusUpdate(zbaID, templateID, name, language, category, event, "", version, at)
	e.Value["other_info"] = map[string]any{"title": title, "description": description}
	if event == TitleDisabled {
		e.Value["disable_info"] = map[string]any{"disable_date": at.UTC().Unix()}
	}
	return e
}
