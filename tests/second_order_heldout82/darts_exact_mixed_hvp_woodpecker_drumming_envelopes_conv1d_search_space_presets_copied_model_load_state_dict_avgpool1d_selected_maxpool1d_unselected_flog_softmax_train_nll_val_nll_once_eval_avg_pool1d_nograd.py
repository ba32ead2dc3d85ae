"""DARTS on 1-D drumming envelopes of woodpecker species, with the exact mixed Hessian-vector product.

Architecture gradient (Liu et al., eq. 7):
    dalpha = dL_val(w', a)/da - xi * d/da [ dL_train(w, a)/dw . dL_val(w', a)/dw' ]
where w' = w - xi * dL_train/dw. Instead of the paper's finite-difference approximation the mixed term
is computed exactly: the training gradient is taken with create_graph=True and its dot product with the
validation gradient is differentiated w.r.t. the alphas.
"""
import argparse
import logging
from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F

logger = logging.getLogger("darts1d")

SPECIES = ["great_spotted", "black", "green", "lesser_spotted"]


class ReLUConvBN1d(nn.Sequential):
    def __init__(self, c, k, dilation=1):
        pad = dilation * (k - 1) // 2
        super().__init__(nn.ReLU(), nn.Conv1d(c, c, k, padding=pad, dilation=dilation, bias=False),
                         nn.BatchNorm1d(c, affine=False))


class Zero1d(nn.Module):
    def forward(self, x):
        return x * 0.0


class LSTMContext(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.rnn = nn.LSTM(c, c, batch_first=True)

    def forward(self, x):
        return self.rnn(x.transpose(1, 2))[0].transpose(1, 2)


OPS = {
    "none": lambda c: Zero1d(),
    "skip": lambda c: nn.Identity(),
    "avg_pool_3": lambda c: nn.AvgPool1d(3, stride=1, padding=1, count_include_pad=False),
    "max_pool_3": lambda c: nn.MaxPool1d(3, stride=1, padding=1),
    "conv_5": lambda c: ReLUConvBN1d(c, 5),
    "dil_conv_3": lambda c: ReLUConvBN1d(c, 3, dilation=2),
    "lstm_ctx": lambda c: LSTMContext(c),
}

SEARCH_SPACES = {
    "full": ["none", "skip", "avg_pool_3", "max_pool_3", "conv_5", "dil_conv_3", "lstm_ctx"],
    "smooth": ["none", "skip", "avg_pool_3", "conv_5", "dil_conv_3"],
}


class MixedEdge(nn.Module):
    def __init__(self, c, primitives):
        super().__init__()
        self.ops = nn.ModuleList([OPS[name](c) for name in primitives])

    def forward(self, x, weights):
        out = 0.0
        for w, op in zip(weights, self.ops):
            out = out + w * op(x)
        return out


class SearchNet1d(nn.Module):
    def __init__(self, primitives, c=8, n_edges=3, n_classes=len(SPECIES)):
        super().__init__()
        self.primitives = primitives
        self.stem = nn.Sequential(nn.Conv1d(1, c, 7, padding=3, bias=False), nn.BatchNorm1d(c))
        self.edges = nn.ModuleList([MixedEdge(c, primitives) for _ in range(n_edges)])
        self.head = nn.Linear(c, n_classes)
        self.alpha = nn.Parameter(1e-3 * torch.randn(n_edges, len(primitives)))

    def new(self):
        clone = SearchNet1d(self.primitives, self.stem[0].out_channels, len(self.edges), self.head.out_features)
        clone.load_state_dict(self.state_dict())
        return clone

    def weights(self):
        return [p for n, p in self.named_parameters() if n != "alpha"]

    def forward(self, x):
        h = self.stem(x)
        mix = F.softmax(self.alpha, dim=-1)
        for edge, w in zip(self.edges, mix):
            h = h + edge(h, w)
        return F.log_softmax(self.head(h.mean(dim=-1)), dim=-1)


class ExactArchitect:
    def __init__(self, model, cfg):
        self.model, self.cfg = model, cfg
        self.opt = torch.optim.Adam([model.alpha], lr=cfg.arch_lr, betas=(0.5, 0.999))

    def step(self, xt, yt, xv, yv):
        xi = self.cfg.xi
        # virtual step w' = w - xi * g_train on a copy (values only)
        unrolled = self.model.new()
        g_train = torch.autograd.grad(F.nll_loss(self.model(xt), yt), self.model.weights())
        with torch.no_grad():
            for w_new, g in zip(unrolled.weights(), g_train):
                w_new.sub_(xi * g)
        val_loss = F.nll_loss(unrolled(xv), yv)
        d_alpha, *d_w = torch.autograd.grad(val_loss, [unrolled.alpha] + unrolled.weights())
        # exact mixed second derivative: d/dalpha <dL_train/dw, d_w>
        train_loss = F.nll_loss(self.model(xt), yt)
        g = torch.autograd.grad(train_loss, self.model.weights(), create_graph=True)
        dot = sum((gi * vi).sum() for gi, vi in zip(g, d_w))
        implicit, = torch.autograd.grad(dot, self.model.alpha)
        self.opt.zero_grad()
        self.model.alpha.grad = d_alpha - xi * implicit
        self.opt.step()
        return val_loss.item(), implicit.norm().item()


def drumming_envelopes(n, gen, length=48):
    y = torch.randint(0, len(SPECIES), (n,), generator=gen)
    t = torch.arange(length).float()
    x = 0.05 * torch.randn(n, 1, length, generator=gen)
    for i in range(n):
        rate = 0.6 + 0.4 * int(y[i])                  # strike rate differs per species
        decay = torch.exp(-t / (10 + 6 * int(y[i])))   # roll length
        x[i, 0] += decay * (torch.sin(rate * t) > 0.3).float()
    return x, y


@torch.no_grad()
def evaluate(model, x, y):
    model.eval()
    full = model(x)
    coarse = F.avg_pool1d(x, 2).repeat_interleave(2, dim=-1)
    score = full.exp() + model(coarse).exp()
    model.train()
    return (score.argmax(1) == y).float().mean().item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--space", default="smooth", choices=sorted(SEARCH_SPACES))
    ap.add_argument("--epochs", type=int, default=3)
    ns = ap.parse_args()
    cfg = SimpleNamespace(space=ns.space, epochs=ns.epochs, xi=0.05, lr=0.05, arch_lr=3e-3, batch=16)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    gen = torch.Generator().manual_seed(2)
    torch.manual_seed(2)

    x, y = drumming_envelopes(64, gen)
    model = SearchNet1d(SEARCH_SPACES[cfg.space])
    w_opt = torch.optim.SGD(model.weights(), lr=cfg.lr, momentum=0.9, weight_decay=3e-4)
    architect = ExactArchitect(model, cfg)
    for epoch in range(cfg.epochs):
        for b in range(0, 32, cfg.batch):
            xt, yt = x[b:b + cfg.batch], y[b:b + cfg.batch]
            xv, yv = x[32 + b:32 + b + cfg.batch], y[32 + b:32 + b + cfg.batch]
            val_loss, hnorm = architect.step(xt, yt, xv, yv)
            assert hnorm > 0, "mixed second derivative vanished"
            loss = F.nll_loss(model(xt), yt)
            w_opt.zero_grad()
            loss.backward()
            w_opt.step()
        best = [model.primitives[i] for i in model.alpha.argmax(-1).tolist()]
        logger.info("epoch %d loss %.4f val %.4f |H v| %.3e acc %.3f arch %s", epoch, loss.item(), val_loss,
                    hnorm, evaluate(model, x[32:], y[32:]), best)


if __name__ == "__main__":
    main()
