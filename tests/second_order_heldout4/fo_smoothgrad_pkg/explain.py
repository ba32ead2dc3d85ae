"""Train the CNN with plain NLL, then explain predictions with SmoothGrad (Smilkov et al., 2017):
average input gradients over noisy copies of the image. No gradient is ever differentiated again."""
import torch
import torch.nn.functional as F

from models import SmallCNN


def smoothgrad(model, x, target, n=25, sigma=0.15):
    model.eval()
    total = torch.zeros_like(x)
    scale = sigma * (x.amax(dim=(1, 2, 3), keepdim=True) - x.amin(dim=(1, 2, 3), keepdim=True))
    for _ in range(n):
        noisy = (x + scale * torch.randn_like(x)).requires_grad_(True)
        score = model(noisy).gather(1, target.view(-1, 1)).sum()
        (g,) = torch.autograd.grad(score, noisy)
        total += g
    return (total / n).abs().amax(dim=1)


def train(loader, epochs=5):
    model = SmallCNN()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for _ in range(epochs):
        for x, y in loader:
            loss = F.nll_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return model


def explain_batch(model, x):
    with torch.no_grad():
        pred = model(x).argmax(1)
    return smoothgrad(model, x, pred)
