import torch
import torch.nn.functional as F

from config import CONFIG
from implicit import DATA_LOSS, hypergradient
from model import AuctionPriceNet


def auction_lots(n, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, CONFIG.n_features, generator=g)
    y = 1.5 * x[:, 0] - 0.8 * x[:, 1] + 0.3 * torch.tanh(x[:, 2]) + 0.2 * torch.randn(n, generator=g)
    return x, y


def fit(model, log_decay, x, y):
    opt = torch.optim.Adam(model.parameters(), lr=CONFIG.inner_lr)
    for _ in range(CONFIG.inner_steps):
        decay = (torch.exp(log_decay.detach()) * model.inp.weight ** 2).sum()
        loss = DATA_LOSS(model(x), y) + 1e-3 * decay
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    train_x, train_y = auction_lots(96, 1)
    val_x, val_y = auction_lots(48, 2)
    model = AuctionPriceNet(CONFIG.n_features, CONFIG.hidden)
    log_decay = torch.zeros(CONFIG.n_features, requires_grad=True)
    for rnd in range(CONFIG.outer_rounds):
        train_loss = fit(model, log_decay, train_x, train_y)
        val_loss = F.smooth_l1_loss(model(val_x), val_y, beta=CONFIG.huber_beta)
        val_grads = torch.autograd.grad(val_loss, list(model.parameters()))
        hyper = hypergradient(model, log_decay, (train_x, train_y), val_grads)
        with torch.no_grad():
            log_decay -= CONFIG.hyper_lr * hyper
        print(f"round {rnd}: train {train_loss:.4f} val {val_loss.item():.4f} decay range {log_decay.min().item():+.2e}..{log_decay.max().item():+.2e}")


if __name__ == "__main__":
    main()
