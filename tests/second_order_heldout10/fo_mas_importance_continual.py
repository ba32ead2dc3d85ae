# Memory Aware Synapses (Aljundi et al., 2018) for continual learning of a small text encoder:
# the importance of each parameter is the mean |d ||F(x)||^2 / d theta| over the previous task's data
# (one first-order gradient per batch); the next task is trained with an importance-weighted L2 anchor.
import torch
import torch.nn as nn
import torch.nn.functional as F


class BagEncoder(nn.Module):
    def __init__(self, vocab=1000, d=64, n_cls=4):
        super().__init__()
        self.emb = nn.EmbeddingBag(vocab, d, mode="mean")
        self.proj = nn.Linear(d, d)
        self.cls = nn.Linear(d, n_cls)

    def features(self, tokens):
        h = F.gelu(self.proj(self.emb(tokens)), approximate="tanh")
        return F.normalize(h, dim=-1)

    def forward(self, tokens):
        return self.cls(self.features(tokens))


def mas_importance(model, batches):
    omega = {n: torch.zeros_like(p) for n, p in model.named_parameters()}
    for tokens in batches:
        model.zero_grad()
        model(tokens).pow(2).sum(1).mean().backward()
        for n, p in model.named_parameters():
            if p.grad is not None:
                omega[n] += p.grad.abs() / len(batches)
    return omega


def train_task(model, batches, omega=None, anchor=None, lam=1.0, lr=1e-2):
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    for tokens, y in batches:
        loss = F.cross_entropy(model(tokens), y)
        if omega is not None:
            loss = loss + lam * sum((omega[n] * (p - anchor[n]) ** 2).sum() for n, p in model.named_parameters())
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    model = BagEncoder()
    task_a = [(torch.randint(0, 1000, (16, 12)), torch.randint(0, 4, (16,))) for _ in range(2)]
    task_b = [(torch.randint(0, 1000, (16, 12)), torch.randint(0, 4, (16,))) for _ in range(2)]
    train_task(model, task_a)
    omega = mas_importance(model, [t for t, _ in task_a])
    anchor = {n: p.detach().clone() for n, p in model.named_parameters()}
    train_task(model, task_b, omega, anchor)
    print({n: float(o.mean()) for n, o in omega.items()})
