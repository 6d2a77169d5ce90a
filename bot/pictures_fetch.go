package bot

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"path"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/command"
)

// Downloads of pictures attached to commands, to read a grid from them.
const (
	// maxPictureBytes caps the download of one attached picture.
	maxPictureBytes = 25 << 20
	// pictureFetchTimeout bounds the download of one attached picture.
	pictureFetchTimeout = 10 * time.Second
)

// errPictureHost is the error of an attachment URL outside Discord's CDN.
var errPictureHost = errors.New("attachment not on Discord's CDN")

// discordCDN reports whether host serves Discord's attachments.
func discordCDN(host string) bool {
	return host == "cdn.discordapp.com" || host == "media.discordapp.net"
}

// pictureFetcher downloads attached pictures: only from the hosts it
// allows, over client (the REST client's, with its proxy settings), within
// a size cap and a deadline.
type pictureFetcher struct {
	client  *http.Client
	allowed func(host string) bool
	max     int64
	timeout time.Duration
}

// pictureOf is the first attachment that looks like a picture, or nil.
func pictureOf(atts []*discordgo.MessageAttachment) *discordgo.MessageAttachment {
	for _, a := range atts {
		if a == nil {
			continue
		}
		ext := strings.ToLower(path.Ext(a.Filename))
		if strings.HasPrefix(a.ContentType, "image/") || strings.Contains(".jpg .jpeg .png .webp .gif .bmp .heic .heif", ext) && ext != "" {
			return a
		}
	}
	return nil
}

// fetch returns the image of a, to be downloaded when the command reads
// it ([command.Image.Fetch]: on a worker, once the command is admitted);
// a failed download is logged and its reason given to the command. The
// context given here is not used: the download takes the command's.
func (f pictureFetcher) fetch(_ context.Context, log *slog.Logger, a *discordgo.MessageAttachment) *command.Image {
	return &command.Image{Name: a.Filename, ContentType: a.ContentType, Fetch: func(ctx context.Context) ([]byte, error) {
		data, err := f.get(ctx, a)
		if err != nil {
			log.Warn("attached picture not fetched", "attachment", a.ID, "size", a.Size, "err", err)
		}
		return data, err
	}}
}

func (f pictureFetcher) get(ctx context.Context, a *discordgo.MessageAttachment) ([]byte, error) {
	if int64(a.Size) > f.max {
		return nil, fmt.Errorf("attachment of %d bytes, over %d", a.Size, f.max)
	}
	u, err := url.Parse(a.URL)
	if err != nil || u.Scheme != "https" && u.Scheme != "http" || !f.allowed(u.Hostname()) {
		return nil, fmt.Errorf("%w: %q", errPictureHost, a.URL)
	}
	ctx, cancel := context.WithTimeout(ctx, f.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, err
	}
	resp, err := f.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("fetch attachment: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("fetch attachment: HTTP %d", resp.StatusCode)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, f.max+1))
	if err != nil {
		return nil, fmt.Errorf("fetch attachment: %w", err)
	}
	if int64(len(data)) > f.max {
		return nil, fmt.Errorf("attachment over %d bytes", f.max)
	}
	return data, nil
}

// readsPicture reports whether a command of kind k can read its grid from
// a picture.
func readsPicture(k command.Kind) bool {
	switch k {
	case command.Solve, command.Check, command.Hint, command.Rate, command.Explain:
		return true
	}
	return false
}
