import torch
import torch.nn.functional as F

import config
from attacks import curvature_penalty, trades_pgd
from model import WakeNet


def wake_tiles(n):
    y = torch.randint(0, 2, (n,))
    x = 0.3 * torch.rand(n, 3, 16, 16)
    for i in range(n):
        if y[i]:
            x[i, :, 6:10, :] += 0.5
    return x.clamp(0, 1), y


def trades_loss(model, x, y):
    x_adv = trades_pgd(model, x)
    logits = model(x)
    robust = F.kl_div(F.log_softmax(model(x_adv), dim=1), F.softmax(logits, dim=1), reduction="batchmean")
    loss = F.cross_entropy(logits, y) + config.BETA * robust
    if config.CURVATURE_WEIGHT > 0:
        loss = loss + config.CURVATURE_WEIGHT * curvature_penalty(model, x, y)
    return loss


def main():
    torch.manual_seed(16)
    model = WakeNet()
    opt = torch.optim.SGD(model.parameters(), lr=config.LR, momentum=0.9)
    for epoch in range(config.EPOCHS):
        x, y = wake_tiles(config.BATCH)
        loss = trades_loss(model, x, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {epoch}: trades loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
