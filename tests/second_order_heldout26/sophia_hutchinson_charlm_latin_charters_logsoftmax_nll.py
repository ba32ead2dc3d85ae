"""Tiny character LM on medieval Latin charter abbreviations, trained with SophiaH
(Liu et al. 2023): a clipped diagonal-Hessian-preconditioned optimizer whose curvature
is a Hutchinson estimate u * (H u) refreshed every k steps."""
import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB = "abcdefghilmnopqrstuvx .,;~"
CTX = 6


class CharMLP(nn.Module):
    def __init__(self, vocab=len(VOCAB), emb=8, hidden=32):
        super().__init__()
        self.emb = nn.Embedding(vocab, emb)
        self.ln = nn.LayerNorm(emb * CTX)
        self.fc1 = nn.Linear(emb * CTX, hidden)
        self.fc2 = nn.Linear(hidden, vocab)
        self.logprob = nn.LogSoftmax(dim=-1)

    def forward(self, idx):
        h = self.ln(self.emb(idx).flatten(1))
        return self.logprob(self.fc2(F.silu(self.fc1(h))))


class SophiaH(torch.optim.Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.99), rho=0.05, eps=1e-12):
        super().__init__(params, dict(lr=lr, betas=betas, rho=rho, eps=eps))

    @torch.no_grad()
    def update_hessian(self):
        params = [p for g in self.param_groups for p in g["params"] if p.grad is not None]
        us = [torch.randint_like(p, 2) * 2 - 1 for p in params]
        with torch.enable_grad():
            hvs = torch.autograd.grad([p.grad for p in params], params, grad_outputs=us)
        for p, u, hv in zip(params, us, hvs):
            st = self.state[p]
            h = st.setdefault("hess", torch.zeros_like(p))
            h.mul_(self.param_groups[0]["betas"][1]).add_(u * hv, alpha=1 - self.param_groups[0]["betas"][1])

    @torch.no_grad()
    def step(self):
        for group in self.param_groups:
            b1 = group["betas"][0]
            for p in group["params"]:
                if p.grad is None:
                    continue
                st = self.state[p]
                m = st.setdefault("m", torch.zeros_like(p))
                m.mul_(b1).add_(p.grad.detach(), alpha=1 - b1)
                h = st.get("hess", torch.zeros_like(p))
                ratio = (m.abs() / (group["rho"] * h.clamp(min=0) + group["eps"])).clamp(max=1.0)
                p.add_(m.sign() * ratio, alpha=-group["lr"])


def batches(text, n=16):
    ids = torch.tensor([VOCAB.index(c) for c in text])
    starts = torch.randint(0, len(ids) - CTX - 1, (n,))
    x = torch.stack([ids[s:s + CTX] for s in starts])
    return x, ids[starts + CTX]


corpus = "in nomine dni amen. ego iohannes ~ dedi et concessi; terram in villa de ... " * 3
model = CharMLP()
opt = SophiaH(model.parameters(), lr=3e-3)
hess_every = 2
for step in range(4):
    x, y = batches(corpus)
    loss = F.nll_loss(model(x), y)
    opt.zero_grad(set_to_none=True)
    refresh = step % hess_every == 0
    loss.backward(create_graph=refresh)
    if refresh:
        opt.update_hessian()
    opt.step()
    print(step, refresh, round(loss.item(), 4))
