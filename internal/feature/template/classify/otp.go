package classify

import "svc/internal/platform/textfold"

// One-time-code messages: a text whose purpose is to deliver a code that
// proves who the recipient is. Naming such a code ("verification code",
// "login code") and carrying one ("is {{1}}", "{{1}} is your") each weigh
// 0.6, so a text needs both, or one of them and the supporting hints
// (do-not-share advice, an expiry, the AUTHENTICATION options and OTP
// button), to reach otpThreshold. A text that only mentions a verification
// code ("if you did not request a verification code, contact us") or
// carries a code of another kind ("your delivery code is {{1}}") stays
// below it.
const otpThreshold = 1.0

var otpTerms = []term{
	{Rule: "otp.term", Weight: 0.6, Phrases: []string{
		"verification code", "one-time code", "one-time password",
		"one-time passcode", "otp", "passcode", "security code", "login code", "log-in code", "sign-in code",
		"authentication code", "confirmation code", "access code", "password reset code",
		"reset code", "2fa code", "two-factor", "two-step verification", "2-step verification", "one-time pin",
		"security token", "validation code", "temporary code", "temporary password",
		"registration code", "code to sign|log in", "code for signing|logging in", "dynamic code", "clave dinamica",
		"codigo dinamico", "senha dinamica", "token dinamico", "codigo de acceso|acesso", "codigo {{}} para confirmar|verificar|validar|acessar|entrar|acceder", "nip dinamico", "tu nip dinamico",
		"code to confirm|verify|validate", "codigo para confirmar|verificar|validar", "code pour confirmer|verifier|valider",
		"codigo para ingresar|entrar|acceder|iniciar", "codigo para entrar|acessar", "code pour vous connecter|acceder", "code zum einloggen|anmelden",
		"code zum bestatigen|verifizieren",
		"codigo para iniciar sesion|entrar|acceder", "codigo para entrar|acessar|login",
		"code fur die|zur anmeldung|verifizierung|bestatigung|registrierung", "code pour vous connecter|la connexion",
		"codigo de verificacion", "codigo de seguridad", "codigo de acceso", "codigo de confirmacion",
		"codigo de un solo uso", "codigo de inicio de sesion", "clave de un solo uso", "clave temporal",
		"token de seguridad", "token de acceso", "codigo de validacion", "codigo temporal", "codigo de registro",
		"codigo de verificacao", "codigo de seguranca", "codigo de acesso", "codigo de confirmacao",
		"codigo de uso unico", "senha temporaria", "senha de uso unico", "codigo de login",
		"token de acesso", "token de seguranca", "codigo de validacao", "chave de acesso", "chave temporaria",
		"codigo temporario", "pin temporal|provisional|temporario|provisorio", "nip temporal|provisional",
		"codigo para autorizar|aprobar|aprovar", "code to authorize|authorise|approve", "code pour autoriser|valider l operation", "code zum autorisieren|freigeben", "temporary pin", "pin provisoire|temporaire", "temporare|vorlaufige pin",
		"bestatigungscode", "verifizierungscode", "sicherheitscode", "anmeldecode", "einmalcode",
		"einmalpasswort", "einmal-passwort", "einmal-code", "einmalkennwort", "zugangscode", "mtan", "smstan",
		"code de verification", "code de securite", "code de connexion", "code de confirmation",
		"code d acces", "mot de passe a usage unique", "code a usage unique", "code de validation",
		"code temporaire", "mot de passe temporaire", "clave de acceso", "clave de verificacion|seguridad|confirmacion",
		"codigo para redefinir|recuperar|alterar|trocar a|sua senha", "codigo para restablecer|recuperar|cambiar tu|su|la contrasena",
		// A code to change or reset a password, in the other languages.
		"code to change|reset your password", "code zum andern|zurucksetzen des|ihres|deines passworts|kennworts",
		"code pour modifier|changer|reinitialiser votre mot de passe",
	}},
	// A TAN is the German banks' one-time transaction number; in English
	// "tan" is a colour.
	{Rule: "otp.term", Weight: 0.6, Lang: "de", Phrases: []string{"tan"}},
	// The code itself, as a parameter or a number near the word "code".
	{Rule: "otp.code_value", Weight: 0.6, Phrases: []string{
		"code is {{}}", "code is #", "code {{}}", "{{}} is your", "# is your", "use {{}} to", "enter {{}}",
		// A PIN sent as the code ("your number transfer PIN is {{1}}").
		"pin is {{}}", "pin {{}}", "pin es {{}}", "pin e {{}}", "pin lautet {{}}", "pin est {{}}",
		"password is {{}}", "code for {{}} is {{}}", "code for _ is {{}}",
		"codigo es {{}}", "{{}} es tu", "{{}} es su", "codigo {{}}", "clave es {{}}", "usa {{}}",
		// A code named by its service ("Tu código de Rutas Bici es {{code}}").
		"codigo de _ es|e {{}}", "codigo de _ _ es|e {{}}", "code de _ est {{}}", "code de _ _ est {{}}",
		"codigo e {{}}", "{{}} e o seu", "{{}} e seu", "{{}} e a sua",
		"code lautet {{}}", "lautet {{}}", "{{}} ist ihr", "{{}} ist dein",
		"code est {{}}", "{{}} est votre", "{{}} est ton", "est {{}}", "da {{}} e {{}}",
		"{{}} is the code", "code for {{}} is", "use # to", "enter # to", "ingresa el codigo {{}}",
		// The code put to its use ("Use {{1}} para entrar no app").
		"use|utilize|digite|informe {{}} para", "utiliza|introduce {{}} para", "utilisez|saisissez {{}} pour",
		"verwenden|nutzen sie {{}} zum|um",
		"ingrese el codigo {{}}", "digite o codigo {{}}", "geben sie den code {{}}", "saisissez le code {{}}",
		"enter the code {{}}", "the code {{}}", "introduce|ingresa|escribe el codigo {{}}", "insira|digite|informe o codigo {{}}", "gib|geben sie den code {{}}", "entrez|saisissez|tapez le code {{}}",
	}},
	{Rule: "otp.keep_secret", Weight: 0.3, Phrases: []string{
		"do not share", "don t share", "never share", "not share", "do not forward", "don t give it",
		"do not give it", "never give it",
		"no lo compartas", "no compartas", "nunca compartas", "no comparta",
		"nao compartilhe", "nao o compartilhe", "nunca compartilhe",
		"nicht weiter*", "niemals weiter*", "niemals|nie an _ weiter", "gib ihn niemals|nie|nicht",
		"geben sie ihn niemals|nie|nicht",
		"ne le partagez", "ne partagez", "ne le communiquez",
	}},
	// What a one-time code is for: proving who one is. Weighs little, as
	// utility texts also confirm things ("reply YES to confirm your
	// booking").
	{Rule: "otp.purpose", Weight: 0.4, Phrases: []string{
		"to verify your", "to confirm your identity|registration|number|phone|email|login|account",
		"confirm it s you", "verify it s you",
		"para verificar tu|su", "para confirmar tu|su registro|identidad|numero|correo|cuenta|inicio|acceso",
		"para verificar sua|seu", "para confirmar seu|sua cadastro|identidade|numero|email|conta|login|acesso",
		"to confirm your sign in", "para confirmar tu|su login", "um ihren login zu bestatigen", "pour confirmer votre login",
		"um ihre identitat|anmeldung|registrierung|nummer zu bestatigen", "zur bestatigung ihrer identitat|anmeldung|registrierung",
		"pour verifier votre", "pour confirmer votre identite|inscription|numero|connexion|compte",
		"valider votre connexion|identite|compte|inscription", "para validar tu|su|seu|sua", "um ihre anmeldung zu validieren",
		// Logging in is what a one-time code is for ("enter it on the login
		// page to continue").
		"on the login page", "on the sign-in page", "enter it in the app", "in the app to continue", "en la app para continuar",
		"no app para continuar", "in der app ein um fortzufahren", "dans l appli pour continuer",
		// Linking an app or a card to the account is proving who one is.
		"para vincular|asociar tu|su", "to link your", "para vincular|conectar seu|sua", "pour associer|lier votre|ton", "um ihr|dein _ zu verknupfen", "en la pagina de inicio de sesion", "na pagina de login", "auf der anmeldeseite", "sur la page de connexion",
		"to log|sign in", "to access your account", "to finish|complete signing|logging in", "to finish|complete your sign|log in",
		"para confirmar el cambio de contrasena", "para confirmar el registro|alta|numero|correo",
		"zur bestatigung deiner|ihrer handynummer|nummer|identitat|anmeldung|registrierung", "um dein|ihr konto zu aktivieren", "para iniciar sesion", "para entrar|acceder en|a|al",
		"para entrar|acessar no|na|o|a", "zum anmelden|einloggen", "um sich anzumelden|einzuloggen",
		"pour vous connecter", "pour acceder a",
		// An access code for an app is a login, whatever the app's name
		// ("código de acesso ao app Armário Fácil").
		"access to the app", "access code for the app", "acceso a la app|aplicacion", "acesso ao app|aplicativo", "zugang zur app",
		"acces a l appli|application",
		// Resetting a password is proving who one is too.
		"to reset your password", "to reset your _ password", "to reset your _ _ password", "para restablecer|recuperar tu|su contrasena", "para redefinir|recuperar a|sua senha",
		"um ihr|dein passwort zuruckzusetzen", "pour reinitialiser votre mot de passe",
		// The line under every code: asked for by someone else.
		"if you didn t request this|it", "si no la|lo solicitaste|solicito|pediste", "se nao foi voce quem solicitou|pediu",
		"se voce nao solicitou", "falls sie _ nicht angefordert haben", "si vous n avez pas demande ce code",
		"to finish|complete creating your account", "to finish|complete setting up your account", "para terminar de crear tu|su cuenta", "para concluir|finalizar seu|o cadastro", "um ihr|dein konto fertig einzurichten|zu erstellen", "pour finaliser la creation de votre compte",
	}},
	{Rule: "otp.expiry", Weight: 0.3, Phrases: []string{
		"expires in", "valid for # minutes|hours|days", "expires after", "valid for # min",
		"caduca en", "vence en", "expira en", "valido por",
		"expira em", "valido por # minutos", "vence em # minutos", "vale por",
		"gultig fur", "minuten gultig", "lauft in # minuten ab",
		"expire dans", "valable # minutes", "valable pendant",
	}},
}

var otpLexicon = compile(otpTerms)

// physicalAccess names a door, room, locker or network a code opens: an
// access code for a place is a utility message (a booking, a stay, a
// locker pickup), not proof of who the recipient is.
var physicalAccess = compile([]term{{Rule: "otp.place", Weight: 1, Phrases: []string{
	"room", "door", "front door", "locker*", "gate", "building", "apartment", "parking", "garage", "wifi", "wi-fi",
	"key box", "keybox", "lockbox", "key safe", "keypad", "entrance",
	"habitacion", "puerta", "taquilla*", "casillero*", "cerradura", "caja de llaves", "aparcamiento",
	"estacionamiento", "quarto", "porta", "portao", "armario", "fechadura", "cofre", "portaria",
	"zimmer", "tur", "haustur", "schliessfach*", "tor", "schlusselbox", "schlusseltresor", "eingang",
	"chambre", "porte", "portail", "casier*", "digicode", "boite a cles", "boite a clefs", "entree",
}}})

// hasRule reports whether a hit of the rule is among hits.
func hasRule(hits []hit, rule string) bool {
	for _, h := range hits {
		if h.e.rule == rule {
			return true
		}
	}
	return false
}

// codeNearTerm is the otp.code_value rule for a code that follows the
// name of one within codeDistance words, whatever the words between are
// ("código de verificación es {{1}}", "one-time PIN for online banking is
// {{1}}"): the phrase list cannot spell out every language's linking words.
var codeNearTerm = &entry{rule: "otp.code_value", weight: 0.6, phrase: "a code right after its name"}

// codeDistance is how far after a code's name the code may come: "código
// de verificación de tu cuenta en Paseo Libros es {{1}}" is eight words,
// "Code de connexion à votre espace adhérent du Club d'Aviron de Nantes :
// {{1}}" eleven.
const codeDistance = 12

// codeAfter finds a parameter or number within codeDistance words after
// token k.
func codeAfter(toks []token, k int) (int, bool) {
	for j := k + 1; j <= k+codeDistance && j < len(toks); j++ {
		if toks[j].w == paramToken || textfold.IsDigits(toks[j].w) {
			return j, true
		}
	}
	return 0, false
}

// oneTimeCode scores how much a template's texts read as a one-time-code
// message. The AUTHENTICATION options and the OTP button add weight, as
// they show the sender treats the text as one; in an AUTHENTICATION
// template they are present by construction (Stage A requires the OTP
// button), so the text still has to carry the rest.
func oneTimeCode(d *doc, lang string) scored {
	hits := otpLexicon.scan(d, lang, partText)
	for _, h := range hits {
		if h.e.rule == "otp.term" {
			if j, ok := codeAfter(h.p.toks, h.to); ok {
				hits = append(hits, hit{e: codeNearTerm, p: h.p, from: h.from, to: j})
			}
		}
	}
	s := score(hits)
	if len(physicalAccess.scan(d, lang, partText)) > 0 && !hasRule(hits, "otp.purpose") && !d.otpButton {
		// A code for a place: keep the signals for the record, weightless.
		for i := range s.signals {
			s.signals[i].Weight = 0
		}
		s.score = 0
		s.add(Signal{Rule: "otp.place", Detail: "a code that opens a place, not a login", Weight: 0})
	}
	if d.otpButton {
		s.add(Signal{Rule: "otp.button", Detail: "an OTP button", Weight: 0.4})
	}
	if d.authOptions > 0 {
		s.add(Signal{Rule: "otp.options", Detail: "add_security_recommendation or code_expiration_minutes", Weight: 0.3})
	}
	return s
}
