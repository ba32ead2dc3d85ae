"""Influence functions (Koh & Liang) for a ground-penetrating-radar ballast-fouling classifier.

Track-inspection lab: 1-D GPR traces under the sleepers, labelled clean / partly fouled / fouled by the field crew.
To find suspicious field labels we score every training trace by its influence on the validation loss:
    I(z) = - g_val^T (H + damping I)^{-1} g_z,
with the inverse-Hessian-vector product solved by conjugate gradient over exact Hessian-vector products
(double torch.autograd.grad on the training loss).
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F


class BallastNet(nn.Module):
    def __init__(self, n_classes=3, width=16):
        super().__init__()
        self.decimate = nn.AvgPool1d(2)
        self.conv1 = nn.Conv1d(1, width, 7, padding=3)
        self.conv2 = nn.Conv1d(width, width, 5, padding=2)
        self.head = nn.Linear(width, n_classes)

    def forward(self, x):
        x = self.decimate(x)
        h = torch.relu(self.conv1(x))
        h = F.lp_pool1d(h, norm_type=2, kernel_size=4)
        h = torch.relu(self.conv2(h))
        return self.head(h.mean(-1))


def train_loss(model, x, y):
    logp = F.log_softmax(model(x), dim=-1)
    return F.nll_loss(logp, y)


class InfluenceEngine:
    def __init__(self, model, damping=0.01, cg_iters=8):
        self.model = model
        self.params = [p for p in model.parameters() if p.requires_grad]
        self.damping = damping
        self.cg_iters = cg_iters

    def flat_grad(self, loss, create_graph=False):
        grads = torch.autograd.grad(loss, self.params, create_graph=create_graph)
        return torch.cat([g.reshape(-1) for g in grads])

    def hvp_fn(self, x, y):
        g = self.flat_grad(train_loss(self.model, x, y), create_graph=True)

        def hvp(v):
            hv = torch.autograd.grad(g @ v, self.params, retain_graph=True)
            return torch.cat([h.reshape(-1) for h in hv]) + self.damping * v
        return hvp

    def conjugate_gradient(self, hvp, b):
        x = torch.zeros_like(b)
        r = b.clone()
        p = r.clone()
        rs = r @ r
        for _ in range(self.cg_iters):
            Ap = hvp(p)
            alpha = rs / (p @ Ap)
            x = x + alpha * p
            r = r - alpha * Ap
            rs_new = r @ r
            if rs_new.sqrt() < 1e-6:
                break
            p = r + (rs_new / rs) * p
            rs = rs_new
        return x.detach()

    def s_test(self, x_tr, y_tr, x_val, y_val):
        g_val = self.flat_grad(F.cross_entropy(self.model(x_val), y_val))
        return self.conjugate_gradient(self.hvp_fn(x_tr, y_tr), g_val.detach())

    def scores(self, s, x_tr, y_tr):
        out = []
        for i in range(len(x_tr)):
            g_z = self.flat_grad(train_loss(self.model, x_tr[i:i + 1], y_tr[i:i + 1]))
            out.append(-(g_z @ s).item())
        return torch.tensor(out)


def synth_traces(n, length, gen):
    y = torch.randint(0, 3, (n,), generator=gen)
    t = torch.linspace(0, 1, length)
    depth = 0.3 + 0.15 * y.float().unsqueeze(1)
    echo = torch.exp(-((t - depth) ** 2) / 0.002) * (1.0 - 0.3 * y.float().unsqueeze(1))
    clutter = 0.1 * y.float().unsqueeze(1) * torch.randn(n, length, generator=gen)
    return (echo + clutter + 0.05 * torch.randn(n, length, generator=gen)).unsqueeze(1), y


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--cg-iters", type=int, default=6)
    args = ap.parse_args()
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)
    x_tr, y_tr = synth_traces(48, 128, gen)
    x_val, y_val = synth_traces(16, 128, gen)
    flip = torch.randperm(48, generator=gen)[:4]
    y_tr[flip] = (y_tr[flip] + 1) % 3

    model = BallastNet()
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    for ep in range(args.epochs):
        loss = train_loss(model, x_tr, y_tr)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {ep} train nll {loss.item():.3f}")

    engine = InfluenceEngine(model, cg_iters=args.cg_iters)
    s = engine.s_test(x_tr, y_tr, x_val, y_val)
    infl = engine.scores(s, x_tr, y_tr)
    top = infl.argsort(descending=True)[:6].tolist()
    print("most harmful traces:", top, "flipped:", sorted(flip.tolist()))


if __name__ == "__main__":
    main()
