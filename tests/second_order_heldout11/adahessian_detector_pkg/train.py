import torch

from hessian_opt import HutchinsonAdaHessian
from losses import detection_loss
from models import AnchorFreeDetector


def synthetic_batch(bs=2, n_classes=3, size=32):
    img = torch.rand(bs, 3, size, size)
    g = size // 4
    obj = (torch.rand(bs, 1, g, g) > 0.85).float()
    cls = torch.zeros(bs, n_classes, g, g).scatter_(1, torch.randint(0, n_classes, (bs, 1, g, g)), 1.0) * obj
    box = torch.rand(bs, 4, g, g)
    return img, (obj, cls, box)


def main(iters=2):
    det = AnchorFreeDetector()
    opt = HutchinsonAdaHessian(det)
    for it in range(iters):
        img, targets = synthetic_batch()
        loss = detection_loss(det(img), targets)
        opt.step(loss)
        print(it, loss.item())


if __name__ == "__main__":
    main()
