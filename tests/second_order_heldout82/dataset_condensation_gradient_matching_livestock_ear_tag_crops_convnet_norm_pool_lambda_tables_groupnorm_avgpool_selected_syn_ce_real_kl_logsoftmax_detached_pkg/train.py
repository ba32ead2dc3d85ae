"""Condense the ear-tag crops into a few synthetic images per class.

    cd <this folder> && python train.py
"""
import logging

import torch
import torch.nn.functional as F

from config import args
from matching import match_loss, real_gradients, syn_gradients
from networks import get_network

log = logging.getLogger("dc.eartag")


def ear_tag_crops(n_per_class, gen):
    xs, ys = [], []
    for c in range(args.num_classes):
        x = 0.2 * torch.randn(n_per_class, 1, args.im_size, args.im_size, generator=gen)
        x[:, :, 2 + c: 6 + c, 3:9] += 1.0            # tag body at class-specific height
        if c % 2:
            x[:, :, :, 5:7] += 0.6                    # printed stripe
        xs.append(x)
        ys.append(torch.full((n_per_class,), c))
    return torch.cat(xs), torch.cat(ys)


def main():
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    gen = torch.Generator().manual_seed(args.seed)
    torch.manual_seed(args.seed)
    images_all, labels_all = ear_tag_crops(24, gen)
    indices_class = [(labels_all == c).nonzero().flatten() for c in range(args.num_classes)]

    def get_images(c, n):
        idx = indices_class[c][torch.randperm(len(indices_class[c]), generator=gen)[:n]]
        return images_all[idx]

    image_syn = torch.randn(args.num_classes * args.ipc, 1, args.im_size, args.im_size, requires_grad=True)
    label_syn = torch.arange(args.num_classes).repeat_interleave(args.ipc)
    optimizer_img = torch.optim.SGD([image_syn], lr=args.lr_img, momentum=0.5)

    for it in range(args.iterations):
        net = get_network(args)
        params = list(net.parameters())
        optimizer_net = torch.optim.SGD(net.parameters(), lr=args.lr_net)
        loss_avg = 0.0
        for ol in range(args.outer_loop):
            loss = torch.tensor(0.0)
            for c in range(args.num_classes):
                img_real = get_images(c, args.batch_real)
                lab_real = torch.full((len(img_real),), c)
                img_syn = image_syn[c * args.ipc:(c + 1) * args.ipc]
                lab_syn = label_syn[c * args.ipc:(c + 1) * args.ipc]
                gw_real = real_gradients(net, params, img_real, lab_real, args.num_classes, args.label_smoothing)
                gw_syn = syn_gradients(net, params, img_syn, lab_syn)
                loss = loss + match_loss(gw_syn, gw_real, args.dis_metric)
            optimizer_img.zero_grad()
            loss.backward()
            assert image_syn.grad is not None and image_syn.grad.abs().sum() > 0
            optimizer_img.step()
            loss_avg += loss.item()
            if ol == args.outer_loop - 1:
                break
            syn_x, syn_y = image_syn.detach().clone(), label_syn.clone()
            for _ in range(args.inner_loop):
                l_net = F.cross_entropy(net(syn_x), syn_y)
                optimizer_net.zero_grad()
                l_net.backward()
                optimizer_net.step()
        log.info("iter %d match loss %.4f", it, loss_avg / args.outer_loop)


if __name__ == "__main__":
    main()
