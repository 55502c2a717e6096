package classify

import "strings"

// abbreviations are the shorthands people type in messages, by the
// template's declared language (primary subtag), each read as the words
// it stands for, so that "if u did not authorize this, call us" or "me lo
// puedes pasar xfa" meet the word lists written in full. Only shorthands
// that stand for nothing else in that language are listed: English "ill"
// (sick) and "wont" stay as written, and so do Spanish "d" and "x"
// standing alone ("2 x 1"). Shorthands the word lists already name as
// written ("asap", "rdv", Portuguese "pra") are left to them.
var abbreviations = map[string]map[string]string{
	"en": {
		"u": "you", "ur": "your", "yr": "your", "pls": "please", "plz": "please", "msg": "message",
		"acct": "account", "pwd": "password", "tmrw": "tomorrow", "tmr": "tomorrow", "txt": "text",
		"thx": "thanks", "ppl": "people", "b4": "before", "cuz": "because", "w": "with",
		"dont": "don t", "didnt": "didn t", "doesnt": "doesn t", "wasnt": "wasn t", "isnt": "isn t",
		"arent": "aren t", "cant": "can t", "couldnt": "couldn t", "wouldnt": "wouldn t",
		"shouldnt": "shouldn t", "youre": "you re", "youll": "you ll", "youve": "you ve", "ive": "i ve",
		"weve": "we ve", "theyre": "they re",
	},
	"es": {
		"q": "que", "k": "que", "xq": "porque", "pq": "porque", "porq": "porque", "tb": "tambien",
		"tmb": "tambien", "xfa": "por favor", "porfa": "por favor", "pa": "para", "xa": "para",
		"msj": "mensaje", "cel": "celular", "dnd": "donde",
	},
	"pt": {
		"vc": "voce", "vcs": "voces", "q": "que", "pq": "porque", "tb": "tambem", "tbm": "tambem",
		"msg": "mensagem", "hj": "hoje", "td": "tudo", "obg": "obrigado", "qdo": "quando",
		"qto": "quanto", "cel": "celular", "pfv": "por favor", "pfvr": "por favor", "n": "nao",
		"p": "para", "ctz": "certeza", "mto": "muito", "mt": "muito",
	},
	"fr": {
		"stp": "s il te plait", "svp": "s il vous plait", "pr": "pour", "ds": "dans", "bcp": "beaucoup",
		"tt": "tout", "qd": "quand", "mdp": "mot de passe", "msg": "message", "jsp": "je sais pas",
		"slt": "salut", "pk": "pourquoi", "pq": "pourquoi", "tjs": "toujours",
	},
	"de": {
		"pls": "bitte", "bzw": "beziehungsweise", "vllt": "vielleicht", "nen": "einen",
	},
}

// expandAbbreviations replaces each shorthand token of the language by the
// words it stands for. The first word keeps the shorthand's place in the
// text; the others take no room after it, so that the text between two
// tokens is always a valid slice and a signal quotes what was written.
func expandAbbreviations(toks []token, lang string) []token {
	table := abbreviations[lang]
	if table == nil {
		return toks
	}
	expanded := false
	for _, t := range toks {
		if _, ok := table[t.w]; ok {
			expanded = true
			break
		}
	}
	if !expanded {
		return toks
	}
	out := make([]token, 0, len(toks)+4)
	for _, t := range toks {
		full, ok := table[t.w]
		if !ok {
			out = append(out, t)
			continue
		}
		for i, w := range strings.Fields(full) {
			start, typed := t.start, t.typed
			if i > 0 {
				start, typed = t.end, ""
			}
			out = append(out, token{w: w, g: w, typed: typed, start: start, end: t.end})
		}
	}
	return out
}
