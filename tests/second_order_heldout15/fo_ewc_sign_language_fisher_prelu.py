"""EWC for continual sign-language keypoint classification: the Fisher diagonal is the mean of
squared first-order gradients of log-likelihoods."""
import torch
import torch.nn as nn


class KeypointMLP(nn.Module):
    def __init__(self, n_kp=21, classes=10):
        super().__init__()
        self.f = nn.Sequential(nn.Linear(n_kp * 2, 64), nn.PReLU(), nn.Linear(64, classes), nn.LogSoftmax(dim=1))

    def forward(self, x):
        return self.f(x)


def fisher_diagonal(model, data):
    fisher = {n: torch.zeros_like(p) for n, p in model.named_parameters()}
    for x, _ in data:
        model.zero_grad()
        logp = model(x)
        y_hat = logp.argmax(1)
        nn.functional.nll_loss(logp, y_hat).backward()
        for n, p in model.named_parameters():
            fisher[n] += p.grad.detach() ** 2 / len(data)
    return fisher


def ewc_penalty(model, fisher, anchor, lam=100.0):
    return lam / 2 * sum((fisher[n] * (p - anchor[n]) ** 2).sum() for n, p in model.named_parameters())


model = KeypointMLP()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
task_a = [(torch.randn(8, 42), torch.randint(0, 10, (8,))) for _ in range(3)]
task_b = [(torch.randn(8, 42), torch.randint(0, 10, (8,))) for _ in range(3)]
for x, y in task_a:
    opt.zero_grad()
    nn.functional.nll_loss(model(x), y).backward()
    opt.step()
fisher = fisher_diagonal(model, task_a)
anchor = {n: p.detach().clone() for n, p in model.named_parameters()}
for x, y in task_b:
    opt.zero_grad()
    loss = nn.functional.nll_loss(model(x), y) + ewc_penalty(model, fisher, anchor)
    loss.backward()
    opt.step()
    print(loss.item())
