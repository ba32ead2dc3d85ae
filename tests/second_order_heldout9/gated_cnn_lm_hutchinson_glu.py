"""Gated convolutional language model (Dauphin et al.) trained with an AdaHessian-style
preconditioner: Hutchinson estimates of diag(H) from Hessian-vector products w.r.t. the weights."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class GatedBlock(nn.Module):
    def __init__(self, d, k=4):
        super().__init__()
        self.k = k
        self.conv = nn.Conv1d(d, 2 * d, k, padding=k - 1)
        self.gate = nn.GLU(dim=1)

    def forward(self, h):
        T = h.size(-1)
        return h + self.gate(self.conv(h)[..., :T])


class GCNNLM(nn.Module):
    def __init__(self, vocab=100, d=32, depth=2):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.blocks = nn.ModuleList([GatedBlock(d) for _ in range(depth)])
        self.proj_in = nn.Linear(d, 2 * d)
        self.out = nn.Linear(d, vocab)

    def forward(self, tokens):
        h = F.glu(self.proj_in(self.emb(tokens)), dim=-1).transpose(1, 2)
        for blk in self.blocks:
            h = blk(h)
        return self.out(h.transpose(1, 2))


def hutchinson_diag(loss, params, n_samples=1):
    grads = torch.autograd.grad(loss, params, create_graph=True)
    est = [torch.zeros_like(p) for p in params]
    for _ in range(n_samples):
        zs = [torch.randint_like(p, 0, 2) * 2 - 1 for p in params]
        hz = torch.autograd.grad(grads, params, grad_outputs=zs, retain_graph=True)
        est = [e + z * h / n_samples for e, z, h in zip(est, zs, hz)]
    return [g.detach() for g in grads], est


def main(steps=2, vocab=100, bs=2, seq=12, lr=0.15, beta2=0.999, eps=1e-4):
    model = GCNNLM(vocab)
    params = [p for p in model.parameters() if p.requires_grad]
    v = [torch.zeros_like(p) for p in params]
    for step in range(1, steps + 1):
        x = torch.randint(0, vocab, (bs, seq + 1))
        logits = model(x[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, vocab), x[:, 1:].reshape(-1))
        grads, diag = hutchinson_diag(loss, params)
        with torch.no_grad():
            for p, g, d, vi in zip(params, grads, diag, v):
                vi.mul_(beta2).addcmul_(d, d, value=1 - beta2)
                denom = (vi / (1 - beta2 ** step)).sqrt().add_(eps)
                p.addcdiv_(g, denom, value=-lr)
        print(step, loss.item(), math.exp(loss.item()))


if __name__ == "__main__":
    main()
