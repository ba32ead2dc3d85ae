"""Few-shot arrhythmia classification: a pretrained 1-D CNN trunk embeds ECG beats, and at test time a small
linear adapter on top of the embeddings is refined on the support set with damped Newton steps. The Newton
system uses the exact Hessian of the support loss w.r.t. the adapter's weight only (the trunk is frozen
inside the inner problem, but is fine-tuned by the outer episode loss)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class BeatTrunk(nn.Module):
    def __init__(self, width=32, emb=16):
        super().__init__()
        self.conv1 = nn.Conv1d(1, width, 9, padding=4)
        self.gn1 = nn.GroupNorm(4, width)
        self.pool = nn.AvgPool1d(2)
        self.conv2 = nn.Conv1d(width, emb, 5, padding=2)

    def forward(self, beats):
        h = self.pool(F.hardswish(self.gn1(self.conv1(beats))))
        return self.conv2(h).mean(-1)


class CosineAdapterHead(nn.Module):
    def __init__(self, emb=16, n_way=5, scale=10.0):
        super().__init__()
        self.adapter = nn.Linear(emb, emb, bias=False)
        nn.init.eye_(self.adapter.weight)
        self.prototypes = nn.Parameter(torch.randn(n_way, emb))
        self.scale = scale

    def logits(self, z, weight=None):
        w = self.adapter.weight if weight is None else weight
        q = F.normalize(z @ w.t(), dim=-1)
        return self.scale * q @ self.prototypes.t()


def newton_refine(head, z_support, y_support, steps=2, damping=0.1):
    w = head.adapter.weight
    for _ in range(steps):
        logp = F.log_softmax(head.logits(z_support, w), dim=-1)
        loss = F.nll_loss(logp, y_support)
        g, = torch.autograd.grad(loss, w, create_graph=True)
        g_flat = g.reshape(-1)
        rows = []
        for i in range(g_flat.numel()):
            row, = torch.autograd.grad(g_flat[i], w, retain_graph=True, create_graph=True)
            rows.append(row.reshape(-1))
        hess = torch.stack(rows) + damping * torch.eye(g_flat.numel())
        delta = torch.linalg.inv(hess) @ g_flat
        w = w - delta.view_as(w)
    return w


def episode(trunk, head, support, y_s, query, y_q):
    z_s, z_q = trunk(support), trunk(query)
    w_star = newton_refine(head, z_s, y_s)
    logits_q = head.logits(z_q, w_star)
    return F.cross_entropy(logits_q, y_q)


if __name__ == "__main__":
    trunk, head = BeatTrunk(emb=6), CosineAdapterHead(emb=6, n_way=3)
    opt = torch.optim.Adam(list(trunk.parameters()) + list(head.parameters()), lr=1e-3)
    for it in range(2):
        support, query = torch.randn(9, 1, 64), torch.randn(6, 1, 64)
        y_s, y_q = torch.arange(3).repeat(3), torch.arange(3).repeat(2)
        loss = episode(trunk, head, support, y_s, query, y_q)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(it, loss.item())
