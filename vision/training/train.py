#!/usr/bin/python3
"""Train the vision package's digit model from the cells cutcells writes.

    go run ./vision/training/cutcells -data ../shared/data/photos -o /tmp/cells.bin
    /usr/bin/python3 vision/training/train.py [--seed N] [--filled N] /tmp/cells.bin vision [EPOCHS]

writes vision/model.bin (the weights, read by vision/model.go) and
vision/testdata/golden.json (a few cells and the logits this network gives
them, which the Go test of the inference compares against), and prints the
accuracy on the held-out split per source. Debian's python3-torch, one
thread, a fixed seed: a few minutes on one core. --seed N trains another
network from the same cells (other fixed seeds), --filled N trains the digits
filled in by hand on the shared pages N times an epoch (training/README.md
gives the options the committed models were trained with).
"""
import json
import struct
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

SIDE = 28
RECORD = 8 + 2 * SIDE * SIDE
SOURCES = {1: "wicht", 2: "wicht-mixed", 3: "kubiesa", 4: "boards", 5: "fonts",
           6: "hand-wicht", 7: "hand-kubiesa", 8: "hand-drawn"}
MAGIC = b"sdkcnn01"


class Net(nn.Module):
    """The network of vision/model.go: the cell and its ink framed in, two
    3×3 convolutions with max pooling,
    a hidden layer, and two heads (11 classes of cell; printed or filled)."""

    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(2, 16, 3, padding=1)
        self.conv2 = nn.Conv2d(16, 32, 3, padding=1)
        self.fc = nn.Linear(32 * 7 * 7, 64)
        self.digit = nn.Linear(64, 11)
        self.kind = nn.Linear(64, 2)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = F.relu(self.fc(x.flatten(1)))
        return self.digit(x), self.kind(x)


def load(path):
    raw = np.fromfile(path, dtype=np.uint8)
    n = len(raw) // RECORD
    rec = raw[: n * RECORD].reshape(n, RECORD)
    meta = rec[:, :8]
    x = rec[:, 8:].astype(np.float32).reshape(n, 2, SIDE, SIDE) / 255.0
    return x, meta[:, 0].astype(np.int64), meta[:, 1].astype(np.int64), meta[:, 2], meta[:, 3]


def augment(x, gen):
    """A small random affine change of each cell (turn up to 6 degrees,
    scale by 0.9 to 1.1, shift up to about 2 samples), blur or a lower
    resolution for half of them, the ink's contrast (a gamma of 0.7 to 1.4)
    and depth scaled, a little noise."""
    n = x.shape[0]
    angle = (torch.rand(n, generator=gen) - 0.5) * 0.21
    scale = 0.9 + 0.2 * torch.rand(n, generator=gen)
    shift = (torch.rand((n, 2), generator=gen) - 0.5) * 0.3
    cos, sin = torch.cos(angle) / scale, torch.sin(angle) / scale
    theta = torch.stack([torch.stack([cos, -sin, shift[:, 0]], 1), torch.stack([sin, cos, shift[:, 1]], 1)], 1)
    grid = F.affine_grid(theta, x.shape, align_corners=False)
    x = F.grid_sample(x, grid, padding_mode="zeros", align_corners=False)
    # Blur and low resolution, as in 640×480 and shaken photos: a third of
    # the cells blurred (sigma 0.6 to 1.4 samples), a sixth shrunk to 12 to
    # 20 samples and grown back.
    pick = torch.rand(n, generator=gen)
    for lo, hi, sigma in ((0.0, 0.11, 0.6), (0.11, 0.22, 1.0), (0.22, 0.33, 1.4)):
        m = (pick >= lo) & (pick < hi)
        if m.any():
            x[m] = blur(x[m], sigma)
    small = (pick >= 0.33) & (pick < 0.5)
    if small.any():
        side = int(12 + 8 * torch.rand(1, generator=gen).item())
        x[small] = F.interpolate(F.interpolate(x[small], size=(side, side), mode="bilinear", align_corners=False),
                                 size=(SIDE, SIDE), mode="bilinear", align_corners=False)
    gamma = torch.exp((torch.rand((n, 1, 1, 1), generator=gen) - 0.5) * 0.7)
    x = x.clamp(0, 1) ** gamma
    ink = 0.7 + 0.5 * torch.rand((n, 1, 1, 1), generator=gen)
    x = x * ink + 0.04 * torch.randn(x.shape, generator=gen).abs()
    return x.clamp(0, 1)


def blur(x, sigma):
    """x blurred by a Gaussian of sigma samples, each plane apart."""
    r = 3
    t = torch.arange(-r, r + 1, dtype=torch.float32)
    k = torch.exp(-(t * t) / (2 * sigma * sigma))
    k = k / k.sum()
    c = x.shape[1]
    kx = k.view(1, 1, 1, -1).repeat(c, 1, 1, 1)
    ky = k.view(1, 1, -1, 1).repeat(c, 1, 1, 1)
    x = F.conv2d(F.pad(x, (r, r, 0, 0), mode="replicate"), kx, groups=c)
    return F.conv2d(F.pad(x, (0, 0, r, r), mode="replicate"), ky, groups=c)


def accuracy(net, x, y, mask):
    if mask.sum() == 0:
        return float("nan"), 0
    with torch.no_grad():
        d, _ = net(torch.from_numpy(x[mask]))
    return float((d.argmax(1).numpy() == y[mask]).mean()), int(mask.sum())


def read_model(path):
    """The network of a model.bin written by main."""
    net = Net()
    raw = open(path, "rb").read()
    assert raw[:8] == MAGIC, "not a model.bin"
    w = np.frombuffer(raw[8:], dtype="<f4")
    at = 0
    with torch.no_grad():
        for p in (net.conv1.weight, net.conv1.bias, net.conv2.weight, net.conv2.bias, net.fc.weight, net.fc.bias,
                  net.digit.weight, net.digit.bias, net.kind.weight, net.kind.bias):
            n = p.numel()
            p.copy_(torch.from_numpy(w[at : at + n].copy()).view(p.shape))
            at += n
    assert at == len(w), "model.bin of another shape"
    net.eval()
    return net


def report(net, x, label, kind, split, source):
    """Prints the accuracy per source and split, and of the kind head."""
    for s, name in SOURCES.items():
        for sp, what in ((0, "train"), (1, "held-out")):
            acc, n = accuracy(net, x, label, (source == s) & (split == sp))
            if n:
                print(f"{name:12s} {what:9s} cells {n:6d} accuracy {acc:.4f}")
    with torch.no_grad():
        for what, m in (("photos", source <= 3), ("written in", source >= 6)):
            held = np.nonzero((split == 1) & (label >= 1) & (label <= 9) & (kind > 0) & m)[0]
            if len(held):
                _, k = net(torch.from_numpy(x[held]))
                print(f"kind (printed or filled) on held-out digits with a known kind, {what}: "
                      f"{float((k.argmax(1).numpy() == kind[held] - 1).mean()):.4f} of {len(held)}")


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--eval":
        # train.py --eval CELLS MODEL: the figures of a model.bin on the cells.
        x, label, kind, split, source = load(sys.argv[2])
        report(read_model(sys.argv[3]), x, label, kind, split, source)
        return
    args = sys.argv[1:]
    # --seed N: another network from the same cells (its weights' start,
    # the sampling and the augmentation), for an ensemble; 0, the default,
    # is the seeds the committed models were trained with.
    # --filled N: the digits filled in by hand on the shared pages (source
    # 2, real handwriting) trained on N times an epoch, each time augmented
    # anew; 1, the default, once.
    seed, filled = 0, 1
    usage = "usage: train.py [--seed N] [--filled N] CELLS OUT [EPOCHS] | train.py --eval CELLS MODEL"
    while args and args[0].startswith("--"):
        if len(args) < 2:
            sys.exit(usage)
        if args[0] == "--seed":
            seed = int(args[1])
        elif args[0] == "--filled":
            filled = int(args[1])
        else:
            sys.exit(f"train.py: unknown option {args[0]}")
        args = args[2:]
    if len(args) < 2:
        sys.exit(usage)
    torch.set_num_threads(1)
    torch.manual_seed(1 + 10 * seed)
    gen = torch.Generator().manual_seed(2 + 10 * seed)
    cells, out = args[0], args[1]
    x, label, kind, split, source = load(cells)
    # Every cell of the photos; of the drawn boards, a third of the digits
    # and a tenth of the empty cells (they are many and easy), which keeps
    # the training to a few minutes of one core. Of the photos written
    # into by hand (sources 6 and 7), every digit written in and a third of
    # the other cells (the same page's givens and empty cells again); of
    # the drawn grids written into by hand, 60% of the digits written in,
    # a fifth of the givens and a tenth of the other cells.
    keep = np.random.default_rng(3 + 10 * seed).random(len(label))
    share = np.ones(len(label))
    drawn = (source == 4) | (source == 5)
    share[drawn] = np.where(label[drawn] == 0, 0.1, 0.35)
    pasted = (source == 6) | (source == 7)
    share[pasted] = np.where(kind[pasted] == 2, 1.0, 0.33)
    hand = source == 8
    share[hand] = np.select([kind[hand] == 2, kind[hand] == 1], [0.6, 0.2], 0.1)
    train = np.nonzero((split == 0) & (keep < share))[0]
    real = train[(source[train] == 2) & (kind[train] == 2)]
    train = np.concatenate([train] + [real] * (filled - 1))
    xt = torch.from_numpy(x[train])
    yt = torch.from_numpy(label[train])
    # kind target: 0 printed, 1 filled; -1 where unknown or not a digit
    kt = np.where((label >= 1) & (label <= 9) & (kind > 0), kind - 1, -1)[train]
    kt = torch.from_numpy(kt)
    print(f"training on {len(yt)} cells", flush=True)
    net = Net()
    opt = torch.optim.Adam(net.parameters(), lr=3e-3)
    epochs, batch = int(args[2]) if len(args) > 2 else 7, 128
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=epochs * ((len(yt) + batch - 1) // batch))
    start = time.time()
    for epoch in range(epochs):
        perm = torch.randperm(len(yt), generator=gen)
        total = 0.0
        for i in range(0, len(yt), batch):
            idx = perm[i : i + batch]
            xb = augment(xt[idx], gen)
            d, k = net(xb)
            loss = F.cross_entropy(d, yt[idx])
            kb = kt[idx]
            if (kb >= 0).any():
                loss = loss + 0.5 * F.cross_entropy(k[kb >= 0], kb[kb >= 0])
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += loss.item() * len(idx)
        net.eval()
        acc, n = accuracy(net, x, label, split == 1)
        net.train()
        print(f"epoch {epoch + 1}: loss {total / len(yt):.4f}, held-out cells {acc:.4f} of {n}, {time.time() - start:.0f}s", flush=True)
    net.eval()
    report(net, x, label, kind, split, source)

    with open(f"{out}/model.bin", "wb") as f:
        f.write(MAGIC)
        for p in (net.conv1.weight, net.conv1.bias, net.conv2.weight, net.conv2.bias, net.fc.weight, net.fc.bias,
                  net.digit.weight, net.digit.bias, net.kind.weight, net.kind.bias):
            f.write(p.detach().numpy().astype("<f4").tobytes())
    # The golden cells: one of each class from the held-out split, where there is one.
    golden = []
    for c in range(11):
        idx = np.nonzero((split == 1) & (label == c))[0]
        if len(idx):
            golden.append(int(idx[0]))
    with torch.no_grad():
        d, k = net(torch.from_numpy(x[golden]))
    cases = [{"label": int(label[i]), "input": [round(float(v), 6) for v in x[i].ravel()],
              "digit": [float(v) for v in d[j]], "kind": [float(v) for v in k[j]]} for j, i in enumerate(golden)]
    with open(f"{out}/testdata/golden.json", "w") as f:
        json.dump(cases, f)


if __name__ == "__main__":
    main()
