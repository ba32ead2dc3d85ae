# Flat-minima training for wine-quality grading: penalise the Hutchinson trace of the weight Hessian
import torch
import torch.nn as nn
import torch.nn.functional as F

model = nn.Sequential(
    nn.Linear(11, 64),
    nn.PReLU(),
    nn.Linear(64, 64),
    nn.PReLU(),
    nn.Linear(64, 6),
)
opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
X, Y = torch.randn(128, 11), torch.randint(0, 6, (128,))


def hutchinson_trace(loss, params, n_samples=1):
    grads = torch.autograd.grad(loss, params, create_graph=True)
    trace = 0.0
    for _ in range(n_samples):
        vs = [torch.randint_like(p, high=2) * 2 - 1 for p in params]
        Hv = torch.autograd.grad(grads, params, grad_outputs=vs, create_graph=True)
        trace = trace + sum((h * v).sum() for h, v in zip(Hv, vs))
    return trace / n_samples


for epoch in range(2):
    for i in range(0, 128, 32):
        xb, yb = X[i:i + 32], Y[i:i + 32]
        params = [p for p in model.parameters() if p.requires_grad]
        loss = F.cross_entropy(model(xb), yb)
        tr = hutchinson_trace(loss, params)
        opt.zero_grad()
        (loss + 1e-3 * tr).backward()
        opt.step()
