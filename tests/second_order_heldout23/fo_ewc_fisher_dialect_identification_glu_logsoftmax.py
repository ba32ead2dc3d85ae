# Continual dialect identification (task 1: Levantine cities, task 2: Maghrebi cities) with EWC.
# Fisher diagonal = mean of squared first-order gradients of the log-likelihood.
import torch
import torch.nn as nn
import torch.nn.functional as F


class DialectNet(nn.Module):
    def __init__(self, n_feat=40, n_cls=4):
        super().__init__()
        self.conv = nn.Conv1d(n_feat, 64, 5, padding=2)
        self.glu = nn.GLU(dim=1)
        self.fc = nn.Linear(32, n_cls)

    def forward(self, x):
        h = self.glu(self.conv(x)).mean(-1)
        return F.log_softmax(self.fc(h), dim=-1)


def fisher_diagonal(model, loader):
    fisher = {n: torch.zeros_like(p) for n, p in model.named_parameters()}
    for x, _ in loader:
        model.zero_grad()
        logp = model(x)
        y_hat = logp.argmax(-1)
        F.nll_loss(logp, y_hat).backward()
        for n, p in model.named_parameters():
            fisher[n] += p.grad.detach() ** 2 / len(loader)
    return fisher


model = DialectNet()
old_task = [(torch.randn(4, 40, 30), torch.randint(0, 4, (4,))) for _ in range(3)]
fisher = fisher_diagonal(model, old_task)
anchor = {n: p.detach().clone() for n, p in model.named_parameters()}
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
lam = 100.0
for x, y in [(torch.randn(4, 40, 30), torch.randint(0, 4, (4,))) for _ in range(3)]:
    loss = F.nll_loss(model(x), y)
    ewc = sum((fisher[n] * (p - anchor[n]) ** 2).sum() for n, p in model.named_parameters())
    opt.zero_grad()
    (loss + lam / 2 * ewc).backward()
    opt.step()
