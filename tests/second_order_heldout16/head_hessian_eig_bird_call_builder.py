"""Top Hessian eigenvalue of a bird-call classifier's head layer (power iteration, PyHessian-style),
used to pick the learning rate of a head-only fine-tuning run.  The trunk is never differentiated twice."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def build_classifier(n_mels=20, n_classes=6, width=32):
    return nn.Sequential(
        nn.Conv1d(n_mels, width, 5, padding=2),
        nn.ELU(),
        nn.Conv1d(width, width, 5, stride=2, padding=2),
        nn.Flatten(),
        nn.Linear(width * 16, 64),
        nn.Hardswish(),
        nn.Linear(64, n_classes),
    )


def top_eigenvalue(loss, weight, iters=5):
    g, = torch.autograd.grad(loss, weight, create_graph=True)
    v = torch.randn_like(weight)
    v = v / v.norm()
    eig = torch.tensor(0.0)
    for _ in range(iters):
        hv, = torch.autograd.grad(g, weight, grad_outputs=v, retain_graph=True)
        eig = (hv * v).sum()
        v = hv / (hv.norm() + 1e-12)
    return eig.item()


model = build_classifier()
spec = torch.randn(16, 20, 32)
labels = torch.randint(0, 6, (16,))
logits = model(spec)
loss = F.cross_entropy(logits, labels)
head_fc = model[4]
lam = top_eigenvalue(loss, head_fc.weight)
lr = 1.0 / max(lam, 1e-3)
print("lambda_max", lam, "lr", lr)

opt = torch.optim.SGD(model[4:].parameters(), lr=min(lr, 0.1))
for _ in range(2):
    opt.zero_grad()
    F.cross_entropy(model(spec), labels).backward()
    opt.step()
