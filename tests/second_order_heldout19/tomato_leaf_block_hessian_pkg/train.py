import torch

from losses import leaf_loss
from models import build_classifier
from sensitivity import block_hessian_trace


def train_epoch(model, opt, loader):
    model.train()
    for images, labels in loader:
        opt.zero_grad()
        leaf_loss(model(images), labels).backward()
        opt.step()


if __name__ == "__main__":
    model = build_classifier()
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    loader = [(torch.randn(4, 3, 16, 16), torch.randint(0, 6, (4,))) for _ in range(2)]
    train_epoch(model, opt, loader)
    images, labels = loader[0]
    trace = block_hessian_trace(model, leaf_loss, images, labels, block=2, n_samples=4)
    bits = 8 if trace > 1e-3 else 4
    print(f"block 2: mean Hessian trace {trace:.3e} -> {bits}-bit")
