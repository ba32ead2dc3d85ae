"""TRADES adversarial training for a fishing-activity classifier on AIS track features
(speed, heading change, distance to port...). The PGD attack maximises the KL term; all
gradients are first order."""
import torch
import torch.nn as nn
import torch.nn.functional as F

eps, step_size, n_steps, beta = 0.1, 0.02, 5, 6.0

model = nn.Sequential(nn.Linear(16, 64), nn.ELU(), nn.Linear(64, 64), nn.ELU(), nn.Linear(64, 3))
criterion_kl = nn.KLDivLoss(reduction="sum")
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)

for it in range(3):
    x = torch.randn(16, 16)
    y = torch.randint(0, 3, (16,))
    model.eval()
    x_adv = x.detach() + 0.001 * torch.randn_like(x)
    p_nat = F.softmax(model(x), dim=1).detach()
    for _ in range(n_steps):
        x_adv.requires_grad_()
        loss_kl = criterion_kl(F.log_softmax(model(x_adv), dim=1), p_nat)
        grad = torch.autograd.grad(loss_kl, [x_adv])[0]
        x_adv = x_adv.detach() + step_size * torch.sign(grad.detach())
        x_adv = torch.min(torch.max(x_adv, x - eps), x + eps)
    model.train()
    x_adv = x_adv.detach()
    logits = model(x)
    loss_natural = F.cross_entropy(logits, y)
    loss_robust = (1.0 / x.size(0)) * criterion_kl(F.log_softmax(model(x_adv), dim=1), F.softmax(logits, dim=1))
    loss = loss_natural + beta * loss_robust
    opt.zero_grad()
    loss.backward()
    opt.step()
