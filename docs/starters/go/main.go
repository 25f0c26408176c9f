// A starter for a Badugi engine in Go: it speaks the badugi-spec protocol
// (docs/implementers.md) on stdin/stdout and passes every evaluator case of the suite.
//
//	badugi-spec verify --impl "go run docs/starters/go/main.go"
//
// One JSON request a line in, one JSON reply a line out. stdout carries only the replies:
// log to stderr (log.Print does), or verify reads your line as a malformed reply.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
)

// Ace low (R1.2): A is 1, T is 10 ... K is 13. A value names ten as "10".
const ranks = "A23456789TJQK"
const suits = "shdc"

var names = []string{"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}

type card struct{ rank, suit int }

type request struct {
	Type    string     `json:"type"`
	Cards   []string   `json:"cards"`
	Hands   [][]string `json:"hands"`
	Ranking *string    `json:"ranking"`
}

type reply map[string]any

func refuse(code, message string) reply {
	return reply{"ok": false, "error": code, "message": message}
}

func parse(text string) (card, bool) {
	if len(text) != 2 {
		return card{}, false
	}
	r, s := strings.IndexByte(ranks, text[0]), strings.IndexByte(suits, text[1])
	return card{r + 1, s}, r >= 0 && s >= 0
}

// value is the house Badugi (R2): the largest set of cards with no two of a rank or a
// suit plays; among sets of that size the lowest wins, compared from the highest card down.
func value(cards []card) []int {
	var best []int
	for mask := 1; mask < 1<<len(cards); mask++ {
		var high []int
		rankSeen, suitSeen, ok := map[int]bool{}, map[int]bool{}, true
		for i, c := range cards {
			if mask&(1<<i) == 0 {
				continue
			}
			if rankSeen[c.rank] || suitSeen[c.suit] {
				ok = false
				break
			}
			rankSeen[c.rank], suitSeen[c.suit] = true, true
			high = append(high, c.rank)
		}
		if !ok {
			continue
		}
		sort.Sort(sort.Reverse(sort.IntSlice(high)))
		if best == nil || better(high, best) {
			best = high
		}
	}
	return best
}

// better: more cards, then lower from the top card down.
func better(a, b []int) bool {
	if len(a) != len(b) {
		return len(a) > len(b)
	}
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// readHand is 1 to 4 real cards, or the refusal's message.
func readHand(texts []string, where string) ([]card, string) {
	if len(texts) < 1 || len(texts) > 4 {
		return nil, where + ": 1 to 4 cards"
	}
	var hand []card
	for i, text := range texts {
		c, ok := parse(text)
		if !ok {
			return nil, fmt.Sprintf("%s[%d]: not a card: %q", where, i, text)
		}
		hand = append(hand, c)
	}
	return hand, ""
}

func distinct(texts []string) bool {
	seen := map[string]bool{}
	for _, t := range texts {
		if seen[t] {
			return false
		}
		seen[t] = true
	}
	return true
}

func answer(req request) reply {
	if req.Ranking != nil && *req.Ranking != "badugi" {
		return refuse("not-supported", "no ranking "+*req.Ranking)
	}
	switch req.Type {
	case "hello":
		// Protocol 2; an evaluator sends profiles too (never read without "play").
		return reply{"ok": true, "protocol": 2, "name": "starter-go", "version": "0.1",
			"capabilities": []string{"evaluate", "compare"}, "profiles": []string{"house"}}
	case "evaluate":
		hand, bad := readHand(req.Cards, "cards")
		if bad != "" {
			return refuse("bad-request", bad)
		}
		if !distinct(req.Cards) {
			return refuse("bad-request", "a card is given twice")
		}
		v := value(hand)
		shown := make([]string, len(v))
		for i, r := range v {
			shown[i] = names[r-1]
		}
		return reply{"ok": true, "value": map[string]any{"size": len(v), "ranks": shown}}
	case "compare":
		if len(req.Hands) < 2 {
			return refuse("bad-request", "hands: two or more hands")
		}
		var values [][]int
		var all []string
		for i, texts := range req.Hands {
			hand, bad := readHand(texts, fmt.Sprintf("hands[%d]", i))
			if bad != "" {
				return refuse("bad-request", bad)
			}
			values = append(values, value(hand))
			all = append(all, texts...)
		}
		if !distinct(all) {
			return refuse("bad-request", "a card is in two hands")
		}
		best := values[0]
		for _, v := range values {
			if better(v, best) {
				best = v
			}
		}
		winners := []int{} // every best hand wins: a tie names them all
		for i, v := range values {
			if !better(best, v) {
				winners = append(winners, i)
			}
		}
		return reply{"ok": true, "winners": winners}
	// The betting goes here: add "play" to the capabilities and answer start, deal and
	// act with the whole state (docs/implementers.md, "The state"). Until then, say so.
	case "start", "deal", "act":
		return refuse("not-supported", "this starter values hands only")
	case "bye":
		return reply{"ok": true}
	}
	return refuse("bad-request", fmt.Sprintf("unknown request type %q", req.Type))
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	out := json.NewEncoder(os.Stdout) // one object and a newline per reply
	for in.Scan() {
		var req request
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			_ = out.Encode(refuse("bad-request", "not JSON: "+err.Error()))
			continue
		}
		_ = out.Encode(answer(req))
		if req.Type == "bye" {
			return
		}
	}
}
