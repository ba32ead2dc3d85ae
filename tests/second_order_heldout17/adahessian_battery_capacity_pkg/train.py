import torch
import torch.nn.functional as F

from models import build
from optim import AdaHessian


def fit(arch="capnet", epochs=3):
    model = build(arch, n_feat=10, hidden=16)
    optimizer = AdaHessian(model.parameters(), lr=0.05)
    x, y = torch.randn(64, 10), torch.rand(64)
    for epoch in range(epochs):
        optimizer.zero_grad()
        pred = model(x)
        loss = F.mse_loss(pred, y) + 1e-2 * (pred - y).abs().mean()
        loss.backward(create_graph=True)
        optimizer.step()
        print(epoch, loss.item())
    return model


if __name__ == "__main__":
    fit()
