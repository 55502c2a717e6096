package localgw

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
)

// Flush drops every cached authorizer answer, as API Gateway's
// FlushStageAuthorizersCache does for a stage.
func (g *Gateway) Flush() {
	g.mu.Lock()
	n := len(g.cache)
	clear(g.cache)
	g.mu.Unlock()
	if g.cfg.Log != nil {
		g.cfg.Log.Info("authorizer cache flushed", slog.Int("entries", n))
	}
}

// Control is the gateway's control plane, the part of API Gateway's
// management API a stage of this service uses:
//
//	DELETE /restapis/{RestAPIID}/stages/{stage}/cache/authorizers
//
// flushes the authorizer cache and answers 202, as
// FlushStageAuthorizersCache does; any other request is API Gateway's 404
// NotFoundException. The admin function reaches it through the same SDK
// call it makes in AWS, with this as API Gateway's endpoint. Serve it on a
// loopback listener of its own, never beside the API: the deployed API has
// no such route, and the local one must accept nothing it refuses.
func (g *Gateway) Control() http.Handler {
	path := fmt.Sprintf("/restapis/%s/stages/%s/cache/authorizers", RestAPIID, g.cfg.Stage)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodDelete || r.URL.EscapedPath() != path {
			// API Gateway's error shape: the type in a header, a message in
			// the body (restJson1).
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("X-Amzn-Errortype", "NotFoundException")
			w.WriteHeader(http.StatusNotFound)
			_ = json.NewEncoder(w).Encode(map[string]string{
				"message": fmt.Sprintf("Invalid request %s %s: this control listener serves DELETE %s alone", r.Method, r.URL.EscapedPath(), path)})
			return
		}
		g.Flush()
		w.WriteHeader(http.StatusAccepted)
	})
}
