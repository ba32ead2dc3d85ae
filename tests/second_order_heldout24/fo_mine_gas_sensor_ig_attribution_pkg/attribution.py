import torch


def integrated_gradients(clf, x, target, steps=16):
    baseline = torch.zeros_like(x)
    alphas = torch.linspace(0, 1, steps).view(-1, 1, 1, 1)
    path = (baseline.unsqueeze(0) + alphas * (x - baseline).unsqueeze(0)).requires_grad_(True)
    out = clf.logits(path.flatten(0, 1))
    picked = out.gather(1, target.repeat(steps).unsqueeze(1)).sum()
    grads, = torch.autograd.grad(picked, path)
    return (x - baseline) * grads.mean(0)
