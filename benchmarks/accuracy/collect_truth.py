"""Runs small random-weight models of one package under the recorder and writes truth/<pkg>-<version>.json.

Needs torch and the package (the evaluation venv, see README); downloads no weights.
Usage: python collect_truth.py transformers [--out truth/]
"""
from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import time
import traceback
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

DIST = {"transformers": "transformers", "diffusers": "diffusers", "kornia": "kornia",
        "x_transformers": "x-transformers", "monai": "monai",
        # held-out set (run.py --heldout): never used to tune the scanner
        "torchmetrics": "torchmetrics", "pyro": "pyro-ppl", "vector_quantize_pytorch": "vector-quantize-pytorch",
        "torchdiffeq": "torchdiffeq",
        # fresh held-out set (run.py --fresh): never used to tune the scanner
        "gpytorch": "gpytorch", "e3nn": "e3nn", "torch_geometric": "torch-geometric", "torchsde": "torchsde",
        # second fresh held-out set (run.py --fresh2): never used to tune the scanner
        "esm": "fair-esm", "pytorch_metric_learning": "pytorch-metric-learning", "torch_optimizer": "torch-optimizer",
        "zuko": "zuko",
        # third fresh held-out set (run.py --fresh3): never used to tune the scanner
        "snntorch": "snntorch", "botorch": "botorch", "stable_baselines3": "stable-baselines3",
        "pytorch_tabnet": "pytorch-tabnet",
        # fourth fresh held-out set (run.py --fresh4): never used to tune the scanner
        "captum": "captum", "torchattacks": "torchattacks", "torch_pruning": "torch-pruning", "nnAudio": "nnaudio"}


def _train_step(model, loss, params=None, lr=1e-3):
    import torch
    loss.backward()
    opt = torch.optim.AdamW(params if params is not None else model.parameters(), lr=lr)
    opt.step()
    opt.zero_grad()


# ---- scenarios: each builds a tiny model from a config and runs it ---------------------------

def transformers_scenarios():
    import torch
    import transformers as T

    ids = torch.randint(0, 99, (2, 8))
    mask = torch.ones(2, 8, dtype=torch.long)
    mask[1, 6:] = 0

    def text(cls, cfg_cls, labels=True, **cfg):
        def run():
            base = dict(vocab_size=99, hidden_size=32, num_hidden_layers=2, num_attention_heads=4,
                        intermediate_size=37, max_position_embeddings=64)
            base.update(cfg)
            model = cls(cfg_cls(**base))
            model.train()
            out = model(input_ids=ids, attention_mask=mask, labels=ids if labels else None)
            _train_step(model, out.loss if labels else out[0].float().pow(2).mean())
            model.eval()
            with torch.no_grad():
                model(input_ids=ids, attention_mask=mask)
        return run

    def gen(cls, cfg_cls, **cfg):
        def run():
            model = cls(cfg_cls(**cfg)).eval()
            model.generate(ids[:, :4], attention_mask=mask[:, :4], max_new_tokens=3, do_sample=False,
                           pad_token_id=0)
        return run

    def seq2seq(cls, cfg_cls, **cfg):
        def run():
            model = cls(cfg_cls(**cfg))
            out = model(input_ids=ids, attention_mask=mask, labels=ids[:, :5].clone())
            _train_step(model, out.loss)
            model.eval().generate(ids, attention_mask=mask, max_new_tokens=3, decoder_start_token_id=0)
        return run

    def vision(cls, cfg_cls, size=32, **cfg):
        def run():
            model = cls(cfg_cls(**cfg))
            out = model(pixel_values=torch.randn(2, 3, size, size), labels=torch.tensor([0, 1]))
            _train_step(model, out.loss)
        return run

    def wav2vec2():
        cfg = T.Wav2Vec2Config(vocab_size=32, hidden_size=32, num_hidden_layers=2, num_attention_heads=4,
                               intermediate_size=37, conv_dim=(16, 16), conv_stride=(4, 4), conv_kernel=(8, 8),
                               num_conv_pos_embeddings=16, num_conv_pos_embedding_groups=2)
        model = T.Wav2Vec2ForCTC(cfg)
        out = model(torch.randn(2, 1600), labels=torch.randint(1, 32, (2, 5)))
        _train_step(model, out.loss)

    def whisper():
        cfg = T.WhisperConfig(vocab_size=99, d_model=32, encoder_layers=2, decoder_layers=2,
                              encoder_attention_heads=4, decoder_attention_heads=4, encoder_ffn_dim=37,
                              decoder_ffn_dim=37, num_mel_bins=16, max_source_positions=30,
                              max_target_positions=40, decoder_start_token_id=1, pad_token_id=0)
        model = T.WhisperForConditionalGeneration(cfg)
        out = model(input_features=torch.randn(2, 16, 60), labels=ids[:, :5].clone())
        _train_step(model, out.loss)

    def clip():
        tcfg = dict(vocab_size=99, hidden_size=32, num_hidden_layers=2, num_attention_heads=4,
                    intermediate_size=37, max_position_embeddings=16)
        vcfg = dict(hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=37,
                    image_size=32, patch_size=8)
        model = T.CLIPModel(T.CLIPConfig(text_config=tcfg, vision_config=vcfg, projection_dim=16))
        out = model(input_ids=ids, attention_mask=mask, pixel_values=torch.randn(2, 3, 32, 32), return_loss=True)
        _train_step(model, out.loss)

    return {
        "bert-mlm": text(T.BertForMaskedLM, T.BertConfig),
        "roberta-cls": lambda: _cls(T.RobertaForSequenceClassification, T.RobertaConfig, ids, mask),
        "distilbert-mlm": text(T.DistilBertForMaskedLM, T.DistilBertConfig, dim=32, n_layers=2, n_heads=4,
                               hidden_dim=37),
        "gpt2-lm": text(T.GPT2LMHeadModel, T.GPT2Config, n_embd=32, n_layer=2, n_head=4, n_positions=64),
        "gpt2-generate": gen(T.GPT2LMHeadModel, T.GPT2Config, vocab_size=99, n_embd=32, n_layer=2, n_head=4),
        "llama-lm": text(T.LlamaForCausalLM, T.LlamaConfig, num_key_value_heads=2),
        "llama-generate": gen(T.LlamaForCausalLM, T.LlamaConfig, vocab_size=99, hidden_size=32,
                              num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2,
                              intermediate_size=37),
        "mistral-lm": text(T.MistralForCausalLM, T.MistralConfig, num_key_value_heads=2, sliding_window=4),
        "qwen2-lm": text(T.Qwen2ForCausalLM, T.Qwen2Config, num_key_value_heads=2),
        "t5-seq2seq": seq2seq(T.T5ForConditionalGeneration, T.T5Config, vocab_size=99, d_model=32, d_kv=8,
                              d_ff=37, num_layers=2, num_heads=4, decoder_start_token_id=0),
        "bart-seq2seq": seq2seq(T.BartForConditionalGeneration, T.BartConfig, vocab_size=99, d_model=32,
                                encoder_layers=2, decoder_layers=2, encoder_attention_heads=4,
                                decoder_attention_heads=4, encoder_ffn_dim=37, decoder_ffn_dim=37,
                                max_position_embeddings=64),
        "vit-cls": vision(T.ViTForImageClassification, T.ViTConfig, hidden_size=32, num_hidden_layers=2,
                          num_attention_heads=4, intermediate_size=37, image_size=32, patch_size=8, num_labels=3),
        "convnext-cls": vision(T.ConvNextForImageClassification, T.ConvNextConfig, num_channels=3,
                               hidden_sizes=[8, 16], depths=[1, 1], num_stages=2, num_labels=3),
        "swin-cls": vision(T.SwinForImageClassification, T.SwinConfig, image_size=32, patch_size=4, embed_dim=16,
                           depths=[1, 1], num_heads=[2, 2], window_size=4, num_labels=3),
        "wav2vec2-ctc": wav2vec2,
        "whisper-seq2seq": whisper,
        "clip-contrastive": clip,
    }


def _cls(cls, cfg_cls, ids, mask):
    import torch
    cfg = cfg_cls(vocab_size=99, hidden_size=32, num_hidden_layers=2, num_attention_heads=4,
                  intermediate_size=37, max_position_embeddings=64, num_labels=3)
    model = cls(cfg)
    out = model(input_ids=ids, attention_mask=mask, labels=torch.tensor([0, 2]))
    _train_step(model, out.loss)


def diffusers_scenarios():
    import torch
    import diffusers as D

    def unet2d():
        model = D.UNet2DModel(sample_size=16, in_channels=3, out_channels=3, layers_per_block=1,
                              block_out_channels=(16, 32), norm_num_groups=8,
                              down_block_types=("DownBlock2D", "AttnDownBlock2D"),
                              up_block_types=("AttnUpBlock2D", "UpBlock2D"))
        sched = D.DDPMScheduler(num_train_timesteps=50)
        x0 = torch.randn(2, 3, 16, 16)
        noise = torch.randn_like(x0)
        t = torch.randint(0, 50, (2,))
        pred = model(sched.add_noise(x0, noise, t), t).sample
        _train_step(model, torch.nn.functional.mse_loss(pred, noise))
        sched.set_timesteps(3)
        x = torch.randn(1, 3, 16, 16)
        with torch.no_grad():
            for step in sched.timesteps:
                x = sched.step(model(x, step).sample, step, x).prev_sample

    def unet_cond():
        model = D.UNet2DConditionModel(sample_size=16, in_channels=4, out_channels=4, layers_per_block=1,
                                       block_out_channels=(16, 32), norm_num_groups=8, cross_attention_dim=24,
                                       attention_head_dim=4,
                                       down_block_types=("CrossAttnDownBlock2D", "DownBlock2D"),
                                       up_block_types=("UpBlock2D", "CrossAttnUpBlock2D"))
        out = model(torch.randn(2, 4, 16, 16), torch.tensor([3, 7]), encoder_hidden_states=torch.randn(2, 5, 24)).sample
        _train_step(model, out.pow(2).mean())
        sched = D.DDIMScheduler(num_train_timesteps=50)
        sched.set_timesteps(2)
        x = torch.randn(1, 4, 16, 16)
        with torch.no_grad():
            for step in sched.timesteps:
                eps = model(x, step, encoder_hidden_states=torch.randn(1, 5, 24)).sample
                x = sched.step(eps, step, x).prev_sample

    def vae():
        model = D.AutoencoderKL(in_channels=3, out_channels=3, latent_channels=4, block_out_channels=(16, 32),
                                layers_per_block=1, norm_num_groups=8,
                                down_block_types=("DownEncoderBlock2D", "DownEncoderBlock2D"),
                                up_block_types=("UpDecoderBlock2D", "UpDecoderBlock2D"))
        x = torch.randn(2, 3, 16, 16)
        post = model.encode(x).latent_dist
        rec = model.decode(post.sample()).sample
        _train_step(model, torch.nn.functional.mse_loss(rec, x) + 1e-3 * post.kl().mean())

    def dit():
        model = D.DiTTransformer2DModel(num_attention_heads=2, attention_head_dim=8, in_channels=4, out_channels=4,
                                        num_layers=2, sample_size=8, patch_size=2, norm_num_groups=4,
                                        num_embeds_ada_norm=10)
        out = model(torch.randn(2, 4, 8, 8), timestep=torch.tensor([1, 5]), class_labels=torch.tensor([0, 3])).sample
        _train_step(model, out.pow(2).mean())
        sched = D.EulerDiscreteScheduler(num_train_timesteps=50)
        sched.set_timesteps(2)
        x = torch.randn(1, 4, 8, 8) * sched.init_noise_sigma
        with torch.no_grad():
            for step in sched.timesteps:
                xin = sched.scale_model_input(x, step)
                eps = model(xin, timestep=step.reshape(1), class_labels=torch.tensor([1])).sample
                x = sched.step(eps, step, x).prev_sample

    return {"unet2d-ddpm": unet2d, "unet2d-cond-ddim": unet_cond, "autoencoder-kl": vae, "dit-euler": dit}


def kornia_scenarios():
    import torch
    import kornia as K
    import kornia.augmentation as KA

    img = torch.rand(2, 3, 32, 32, requires_grad=True)

    def filters():
        y = K.filters.gaussian_blur2d(img, (5, 5), (1.5, 1.5))
        y = y + K.filters.sobel(img).mean() + K.filters.median_blur(img, (3, 3)).mean()
        y = y + K.filters.laplacian(img, 3).mean() + K.filters.box_blur(img, (3, 3)).mean()
        mag, edges = K.filters.canny(img)
        (y.mean() + mag.mean()).backward()

    def color():
        hsv = K.color.rgb_to_hsv(img)
        lab = K.color.rgb_to_lab(img)
        gray = K.color.rgb_to_grayscale(img)
        yuv = K.color.rgb_to_yuv(img)
        back = K.color.hsv_to_rgb(hsv) + K.color.lab_to_rgb(lab) + K.color.yuv_to_rgb(yuv)
        (back.mean() + gray.mean()).backward()
        K.enhance.adjust_brightness(img, 0.1)
        K.enhance.adjust_contrast(img, 0.8)
        K.enhance.adjust_gamma(img, 1.2)
        K.enhance.equalize(img.detach())
        K.enhance.normalize(img, torch.tensor([0.5, 0.5, 0.5]), torch.tensor([0.2, 0.2, 0.2]))

    def geometry():
        angle = torch.tensor([15.0, -30.0])
        y = K.geometry.transform.rotate(img, angle)
        y = y + K.geometry.transform.resize(img, (32, 32))
        mat = K.geometry.transform.get_rotation_matrix2d(torch.tensor([[16.0, 16.0]] * 2), angle, torch.ones(2, 2))
        y = y + K.geometry.transform.warp_affine(img, mat, (32, 32))
        pts = torch.rand(2, 4, 2) * 32
        h = K.geometry.transform.get_perspective_transform(pts, pts + 1)
        y = y + K.geometry.transform.warp_perspective(img, h, (32, 32))
        y.mean().backward()
        K.geometry.conversions.angle_axis_to_rotation_matrix(torch.rand(4, 3))
        K.geometry.conversions.rotation_matrix_to_quaternion(torch.eye(3).expand(2, 3, 3).contiguous())
        K.geometry.linalg.transform_points(h, pts)

    def augmentation():
        aug = torch.nn.Sequential(
            KA.RandomHorizontalFlip(p=1.0), KA.RandomAffine(degrees=20, translate=(0.1, 0.1), p=1.0),
            KA.ColorJitter(0.2, 0.2, 0.2, 0.1, p=1.0), KA.RandomResizedCrop((24, 24), p=1.0),
            KA.RandomGaussianBlur((3, 3), (0.1, 2.0), p=1.0), KA.Normalize(mean=torch.zeros(3), std=torch.ones(3)),
        )
        torch.manual_seed(0)
        aug(img).mean().backward()

    def losses():
        a, b = torch.rand(2, 3, 32, 32, requires_grad=True), torch.rand(2, 3, 32, 32)
        loss = K.losses.ssim_loss(a, b, 5) + K.losses.psnr_loss(a, b, 1.0) + K.losses.total_variation(a).mean()
        logits = torch.randn(2, 4, 8, 8, requires_grad=True)
        target = torch.randint(0, 4, (2, 8, 8))
        loss = loss + K.losses.focal_loss(logits, target, alpha=0.5, reduction="mean")
        loss = loss + K.losses.dice_loss(logits, target) + K.losses.tversky_loss(logits, target, 0.5, 0.5)
        loss.backward()
        K.morphology.dilation(b, torch.ones(3, 3))
        K.morphology.erosion(b, torch.ones(3, 3))

    def features():
        gray = torch.rand(1, 1, 32, 32)
        K.feature.harris_response(gray)
        K.feature.gftt_response(gray)
        desc = K.feature.SIFTDescriptor(32, 8, 4)
        d = desc(torch.rand(4, 1, 32, 32))
        K.feature.match_nn(d[:2], d[2:])
        K.feature.match_mnn(d[:2], d[2:])

    return {"filters": filters, "color-enhance": color, "geometry": geometry, "augmentation": augmentation,
            "losses-morphology": losses, "features": features}


def x_transformers_scenarios():
    import torch
    import x_transformers as X

    ids = torch.randint(0, 99, (2, 12))

    def decoder():
        model = X.TransformerWrapper(num_tokens=99, max_seq_len=32,
                                     attn_layers=X.Decoder(dim=32, depth=2, heads=4, rotary_pos_emb=True,
                                                           ff_glu=True, attn_qk_norm=True))
        wrapper = X.AutoregressiveWrapper(model)
        loss = wrapper(ids)
        _train_step(wrapper, loss)
        wrapper.generate(ids[:, :4], 4)

    def encoder():
        model = X.TransformerWrapper(num_tokens=99, max_seq_len=32, num_memory_tokens=2,
                                     attn_layers=X.Encoder(dim=32, depth=2, heads=4, alibi_pos_bias=True,
                                                           use_rmsnorm=True, ff_swish=True, residual_attn=True))
        out = model(ids, mask=torch.ones_like(ids).bool())
        _train_step(model, out.mean())

    def vit():
        model = X.ViTransformerWrapper(image_size=32, patch_size=8, num_classes=5,
                                       attn_layers=X.Encoder(dim=32, depth=2, heads=4, sandwich_norm=True))
        out = model(torch.randn(2, 3, 32, 32))
        _train_step(model, torch.nn.functional.cross_entropy(out, torch.tensor([1, 4])))

    def enc_dec():
        model = X.XTransformer(dim=32, enc_num_tokens=99, enc_depth=1, enc_heads=4, enc_max_seq_len=32,
                               dec_num_tokens=99, dec_depth=1, dec_heads=4, dec_max_seq_len=32,
                               tie_token_emb=True)
        loss = model(ids, ids, mask=torch.ones_like(ids).bool())
        _train_step(model, loss)
        model.generate(ids, ids[:, :1], 3)

    def continuous():
        model = X.ContinuousTransformerWrapper(dim_in=6, dim_out=6, max_seq_len=32,
                                               attn_layers=X.Decoder(dim=32, depth=2, heads=4, shift_tokens=1,
                                                                     gate_residual=True, layer_dropout=0.1))
        out = model(torch.randn(2, 10, 6))
        _train_step(model, out.pow(2).mean())

    return {"decoder-ar": decoder, "encoder-alibi": encoder, "vit": vit, "xtransformer": enc_dec,
            "continuous": continuous}


def monai_scenarios():
    import torch
    import monai.losses as L
    import monai.networks.nets as N

    def unet():
        model = N.UNet(spatial_dims=2, in_channels=1, out_channels=2, channels=(8, 16, 32), strides=(2, 2),
                       num_res_units=1)
        x = torch.randn(2, 1, 32, 32)
        y = torch.randint(0, 2, (2, 1, 32, 32))
        loss = L.DiceCELoss(to_onehot_y=True, softmax=True)(model(x), y)
        _train_step(model, loss)

    def segresnet():
        model = N.SegResNet(spatial_dims=3, init_filters=8, in_channels=1, out_channels=2, blocks_down=(1, 1),
                            blocks_up=(1,))
        loss = L.DiceFocalLoss(to_onehot_y=True, softmax=True)(model(torch.randn(1, 1, 16, 16, 16)),
                                                                  torch.randint(0, 2, (1, 1, 16, 16, 16)))
        _train_step(model, loss)

    def dynunet():
        model = N.DynUNet(spatial_dims=2, in_channels=1, out_channels=2, kernel_size=[3, 3, 3],
                          strides=[1, 2, 2], upsample_kernel_size=[2, 2], deep_supervision=False)
        loss = L.GeneralizedDiceLoss(to_onehot_y=True, softmax=True)(model(torch.randn(2, 1, 32, 32)),
                                                                       torch.randint(0, 2, (2, 1, 32, 32)))
        _train_step(model, loss)

    def unetr():
        model = N.UNETR(in_channels=1, out_channels=2, img_size=(32, 32), feature_size=4, hidden_size=32,
                        mlp_dim=64, num_heads=4, spatial_dims=2)
        loss = L.DiceLoss(to_onehot_y=True, sigmoid=True)(model(torch.randn(1, 1, 32, 32)),
                                                            torch.randint(0, 2, (1, 1, 32, 32)))
        _train_step(model, loss)

    def swin_unetr():
        model = N.SwinUNETR(in_channels=1, out_channels=2, feature_size=12, spatial_dims=2, depths=(1, 1, 1, 1),
                            num_heads=(1, 1, 2, 2))
        out = model(torch.randn(1, 1, 64, 64))
        _train_step(model, L.DiceLoss(to_onehot_y=True, softmax=True)(out, torch.randint(0, 2, (1, 1, 64, 64))))

    def classifiers():
        for model, x in ((N.DenseNet121(spatial_dims=2, in_channels=1, out_channels=3), torch.randn(2, 1, 32, 32)),
                         (N.ViT(in_channels=1, img_size=(32, 32), patch_size=(8, 8), hidden_size=32, mlp_dim=64,
                                num_layers=2, num_heads=4, spatial_dims=2, classification=True, num_classes=3),
                          torch.randn(2, 1, 32, 32)),
                         (N.resnet18(spatial_dims=2, n_input_channels=1, num_classes=3), torch.randn(2, 1, 32, 32))):
            out = model(x)
            out = out[0] if isinstance(out, (list, tuple)) else out
            _train_step(model, torch.nn.functional.cross_entropy(out, torch.tensor([0, 2])))

    def autoencoder():
        model = N.VarAutoEncoder(spatial_dims=2, in_shape=(1, 16, 16), out_channels=1, latent_size=4,
                                 channels=(8, 16), strides=(2, 2))
        recon, mu, logvar, _ = model(torch.rand(2, 1, 16, 16))
        _train_step(model, recon.mean() + mu.pow(2).mean() + logvar.exp().mean())

    return {"unet": unet, "segresnet": segresnet, "dynunet": dynunet, "unetr": unetr, "swin-unetr": swin_unetr,
            "classifiers": classifiers, "varautoencoder": autoencoder}


# ---- held-out packages: never used to tune the scanner (run.py --heldout) ---------------------

def torchmetrics_scenarios():
    import torch
    import torchmetrics as TM
    import torchmetrics.functional as TF

    def classification():
        preds = torch.randn(16, 4).softmax(-1)
        target = torch.randint(0, 4, (16,))
        coll = TM.MetricCollection({
            "acc": TM.Accuracy(task="multiclass", num_classes=4),
            "f1": TM.F1Score(task="multiclass", num_classes=4, average="macro"),
            "prec": TM.Precision(task="multiclass", num_classes=4),
            "rec": TM.Recall(task="multiclass", num_classes=4),
            "auroc": TM.AUROC(task="multiclass", num_classes=4),
            "cm": TM.ConfusionMatrix(task="multiclass", num_classes=4),
        })
        for _ in range(2):
            coll.update(preds, target)
        coll(preds, target)
        coll.compute()
        coll.reset()
        bprobs, btarget = torch.rand(20), torch.randint(0, 2, (20,))
        for metric in (TM.Accuracy(task="binary"), TM.AveragePrecision(task="binary"),
                       TM.ROC(task="binary"), TM.CalibrationError(task="binary"),
                       TM.MatthewsCorrCoef(task="binary"), TM.CohenKappa(task="binary")):
            metric.update(bprobs, btarget)
            metric.compute()
        ml = TM.Accuracy(task="multilabel", num_labels=3)
        ml(torch.rand(8, 3), torch.randint(0, 2, (8, 3)))
        TF.accuracy(preds, target, task="multiclass", num_classes=4)
        TF.f1_score(preds, target, task="multiclass", num_classes=4)

    def regression():
        preds, target = torch.randn(32), torch.randn(32)
        for metric in (TM.MeanSquaredError(), TM.MeanAbsoluteError(), TM.R2Score(), TM.PearsonCorrCoef(),
                       TM.SpearmanCorrCoef(), TM.ExplainedVariance(), TM.CosineSimilarity(reduction="mean"),
                       TM.MeanAbsolutePercentageError(), TM.KLDivergence()):
            if isinstance(metric, TM.CosineSimilarity):
                metric.update(preds.view(4, 8), target.view(4, 8))
            elif isinstance(metric, TM.KLDivergence):
                metric.update(preds.view(4, 8).softmax(-1), target.view(4, 8).softmax(-1))
            else:
                metric.update(preds, target)
                metric(preds, target)
            metric.compute()
        # a metric used as a differentiable training loss
        model = torch.nn.Linear(8, 1)
        x, y = torch.randn(16, 8), torch.randn(16)
        mse = TM.MeanSquaredError()
        loss = mse(model(x).squeeze(-1), y)
        _train_step(model, loss)

    def aggregation():
        mean, s, mx, mn, cat = TM.MeanMetric(), TM.SumMetric(), TM.MaxMetric(), TM.MinMetric(), TM.CatMetric()
        for i in range(3):
            v = torch.rand(5)
            for metric in (mean, s, mx, mn, cat):
                metric.update(v)
        for metric in (mean, s, mx, mn, cat):
            metric.compute()
        tracker = TM.wrappers.MetricTracker(TM.MeanSquaredError())
        for _ in range(2):
            tracker.increment()
            tracker.update(torch.randn(4), torch.randn(4))
        tracker.compute_all()
        tracker.best_metric()

    def image():
        a, b = torch.rand(2, 3, 32, 32), torch.rand(2, 3, 32, 32)
        for metric in (TM.image.PeakSignalNoiseRatio(data_range=1.0),
                       TM.image.StructuralSimilarityIndexMeasure(data_range=1.0),
                       TM.image.TotalVariation(), TM.image.UniversalImageQualityIndex(),
                       TM.image.SpectralAngleMapper()):
            if isinstance(metric, TM.image.TotalVariation):
                metric.update(a)
            else:
                metric.update(a, b)
            metric.compute()
        TF.image.multiscale_structural_similarity_index_measure(torch.rand(1, 1, 180, 180),
                                                               torch.rand(1, 1, 180, 180), data_range=1.0)

    def text_retrieval():
        TM.text.BLEUScore()(["the cat is on the mat"], [["there is a cat on the mat", "a cat is on the mat"]])
        TM.text.CharErrorRate()(["hello world"], ["hallo world"])
        TM.text.WordErrorRate()(["hello world"], ["hello there world"])
        TM.text.Perplexity()(torch.randn(2, 8, 10), torch.randint(0, 10, (2, 8)))
        indexes = torch.tensor([0, 0, 0, 1, 1, 1, 1])
        preds = torch.tensor([0.2, 0.3, 0.5, 0.1, 0.3, 0.5, 0.2])
        target = torch.tensor([False, False, True, False, True, False, True])
        for metric in (TM.retrieval.RetrievalMAP(), TM.retrieval.RetrievalMRR(),
                       TM.retrieval.RetrievalNormalizedDCG(), TM.retrieval.RetrievalPrecision(top_k=2)):
            metric.update(preds, target, indexes=indexes)
            metric.compute()

    return {"classification": classification, "regression-loss": regression, "aggregation-tracker": aggregation,
            "image": image, "text-retrieval": text_retrieval}


def pyro_scenarios():
    import torch
    import pyro
    import pyro.distributions as dist
    from pyro.infer import MCMC, NUTS, SVI, Predictive, Trace_ELBO, TraceEnum_ELBO, config_enumerate
    from pyro.infer.autoguide import AutoDelta, AutoDiagonalNormal, AutoNormal
    from pyro.nn import PyroModule, PyroSample

    x = torch.randn(30, 3)
    y = x @ torch.tensor([1.0, -2.0, 0.5]) + 0.1 * torch.randn(30)

    def regression(x, y=None):
        w = pyro.sample("w", dist.Normal(torch.zeros(3), torch.ones(3)).to_event(1))
        b = pyro.sample("b", dist.Normal(0.0, 1.0))
        sigma = pyro.sample("sigma", dist.HalfNormal(1.0))
        with pyro.plate("data", x.shape[0]):
            pyro.sample("obs", dist.Normal(x @ w + b, sigma), obs=y)

    def svi():
        pyro.clear_param_store()
        for guide in (AutoNormal(regression), AutoDiagonalNormal(regression)):
            engine = SVI(regression, guide, pyro.optim.Adam({"lr": 0.01}), Trace_ELBO())
            for _ in range(3):
                engine.step(x, y)
        Predictive(regression, guide=guide, num_samples=4)(x)

    def bayesian_nn():
        class BNN(PyroModule):
            def __init__(self):
                super().__init__()
                self.fc = PyroModule[torch.nn.Linear](3, 4)
                self.fc.weight = PyroSample(dist.Normal(0.0, 1.0).expand([4, 3]).to_event(2))
                self.out = PyroModule[torch.nn.Linear](4, 1)

            def forward(self, x, y=None):
                mean = self.out(torch.tanh(self.fc(x))).squeeze(-1)
                with pyro.plate("data", x.shape[0]):
                    pyro.sample("obs", dist.Normal(mean, 0.5), obs=y)
                return mean

        pyro.clear_param_store()
        model = BNN()
        engine = SVI(model, AutoNormal(model), pyro.optim.ClippedAdam({"lr": 0.01}), Trace_ELBO())
        for _ in range(3):
            engine.step(x, y)

    def mixture():
        data = torch.cat([torch.randn(20) - 2, torch.randn(20) + 2])

        @config_enumerate
        def gmm(data):
            weights = pyro.sample("weights", dist.Dirichlet(torch.ones(2)))
            with pyro.plate("components", 2):
                locs = pyro.sample("locs", dist.Normal(0.0, 5.0))
            with pyro.plate("data", len(data)):
                z = pyro.sample("z", dist.Categorical(weights))
                pyro.sample("obs", dist.Normal(locs[z], 1.0), obs=data)

        pyro.clear_param_store()
        guide = AutoDelta(pyro.poutine.block(gmm, expose=["weights", "locs"]))
        engine = SVI(gmm, guide, pyro.optim.Adam({"lr": 0.05}), TraceEnum_ELBO(max_plate_nesting=1))
        for _ in range(3):
            engine.step(data)

    def mcmc():
        kernel = NUTS(regression, max_tree_depth=3)
        runner = MCMC(kernel, num_samples=4, warmup_steps=4, disable_progbar=True)
        runner.run(x, y)
        runner.get_samples()

    def distributions():
        for d in (dist.Normal(torch.zeros(4), 1.0), dist.Gamma(2.0, torch.ones(4)), dist.Beta(2.0, 3.0),
                  dist.MultivariateNormal(torch.zeros(3), torch.eye(3)), dist.LogNormal(0.0, 1.0),
                  dist.Poisson(3.0), dist.Bernoulli(logits=torch.randn(4)), dist.StudentT(3.0),
                  dist.VonMises(0.0, 2.0), dist.Categorical(logits=torch.randn(5)),
                  dist.ZeroInflatedPoisson(torch.tensor(2.0), gate=torch.tensor(0.2)),
                  dist.LKJCholesky(3, 1.0), dist.GammaPoisson(2.0, 1.0)):
            v = d.sample((2,))
            d.log_prob(v)
        flow = dist.TransformedDistribution(dist.Normal(torch.zeros(2), torch.ones(2)),
                                            [dist.transforms.AffineCoupling(1, pyro.nn.DenseNN(1, [8], [1, 1])),
                                             dist.transforms.ExpTransform()])
        s = flow.rsample((5,))
        loss = -flow.log_prob(s.detach()).mean()
        params = [p for t in flow.transforms if hasattr(t, "parameters") for p in t.parameters()]
        _train_step(None, loss, params=params)

    return {"svi-autoguides": svi, "bayesian-nn": bayesian_nn, "gmm-enum": mixture, "nuts": mcmc,
            "distributions-flow": distributions}


def vector_quantize_pytorch_scenarios():
    import torch
    import vector_quantize_pytorch as V

    x = torch.randn(2, 64, 32)  # 128 vectors: enough for k-means on 64-code codebooks

    def train(model, x, **kw):
        # x stands for an encoder's output: gradients flow back through the quantizer into it
        out = model(x.detach().requires_grad_(), **kw)
        quant = out[0]
        aux = [o for o in out[2:] if torch.is_tensor(o)] if isinstance(out, tuple) else []
        loss = quant.pow(2).mean() + sum(a.sum() for a in aux)
        params = [p for p in model.parameters() if p.requires_grad]
        if params:
            _train_step(model, loss, params=params)
        else:
            loss.backward()
        return out

    def vq():
        train(V.VectorQuantize(dim=32, codebook_size=64, decay=0.8, commitment_weight=1.0), x)
        train(V.VectorQuantize(dim=32, codebook_size=64, kmeans_init=True, kmeans_iters=2,
                               use_cosine_sim=True, threshold_ema_dead_code=2), x)
        train(V.VectorQuantize(dim=32, codebook_size=64, codebook_dim=8, heads=2, separate_codebook_per_head=True,
                               orthogonal_reg_weight=0.1, rotation_trick=True), x)
        train(V.VectorQuantize(dim=32, codebook_size=64, learnable_codebook=True, ema_update=False), x)
        train(V.VectorQuantize(dim=4, codebook_size=16, accept_image_fmap=True), torch.randn(1, 4, 6, 6))

    def residual():
        rvq = V.ResidualVQ(dim=32, num_quantizers=3, codebook_size=64, kmeans_init=True, kmeans_iters=2)
        train(rvq, x)
        rvq.eval()
        _, indices, _ = rvq(x)
        rvq.get_output_from_indices(indices)
        train(V.GroupedResidualVQ(dim=32, num_quantizers=2, groups=2, codebook_size=32), x)
        train(V.ResidualVQ(dim=32, num_quantizers=4, codebook_size=32, quantize_dropout=True), x)

    def scalar():
        fsq = V.FSQ(levels=[8, 5, 5, 5])
        xhat, indices = fsq(torch.randn(2, 16, 4))
        fsq.indices_to_codes(indices)
        train(V.FSQ(levels=[8, 5, 5], dim=32), x)
        train(V.ResidualFSQ(dim=32, levels=[8, 5, 5], num_quantizers=2), x)
        train(V.LFQ(codebook_size=256, dim=8, entropy_loss_weight=0.1, diversity_gamma=1.0),
              torch.randn(1, 8, 4, 4), inv_temperature=100.0)
        train(V.ResidualLFQ(dim=32, codebook_size=256, num_quantizers=2), x)
        train(V.LatentQuantize(levels=[5, 5, 8], dim=16, commitment_loss_weight=0.1, quantization_loss_weight=0.1),
              torch.randn(1, 16, 4, 4))

    def simvq():
        train(V.SimVQ(dim=32, codebook_size=64, rotation_trick=True), x)
        train(V.ResidualSimVQ(dim=32, num_quantizers=2, codebook_size=64, rotation_trick=True), x)
        rpq = V.RandomProjectionQuantizer(dim=32, num_codebooks=2, codebook_dim=16, codebook_size=64)
        rpq(x)

    return {"vector-quantize": vq, "residual-vq": residual, "fsq-lfq": scalar, "simvq-random-proj": simvq}


def torchdiffeq_scenarios():
    import torch
    from torchdiffeq import odeint, odeint_adjoint, odeint_event

    class ODEFunc(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.net = torch.nn.Sequential(torch.nn.Linear(2, 16), torch.nn.Tanh(), torch.nn.Linear(16, 2))

        def forward(self, t, y):
            return self.net(y)

    y0 = torch.randn(4, 2)
    t = torch.linspace(0.0, 1.0, 5)

    def adaptive():
        for method in ("dopri5", "dopri8", "bosh3", "fehlberg2", "adaptive_heun"):
            func = ODEFunc()
            out = odeint(func, y0, t, method=method, rtol=1e-3, atol=1e-4)
            _train_step(func, (out[-1] ** 2).mean())
        func = ODEFunc()
        odeint(func, y0, t, method="dopri5", options=dict(step_t=torch.tensor([0.5]), jump_t=torch.tensor([0.7])))

    def fixed():
        for method in ("euler", "midpoint", "rk4", "heun2", "heun3", "explicit_adams", "implicit_adams"):
            func = ODEFunc()
            out = odeint(func, y0, t, method=method, options=dict(step_size=0.1))
            _train_step(func, (out[-1] ** 2).mean())
        odeint(ODEFunc(), y0, t, method="rk4", options=dict(step_size=0.25, perturb=True))
        odeint(lambda t, ys: (ys[1], -ys[0]), (y0, y0.clone()), t, method="rk4", options=dict(step_size=0.25))

    def adjoint():
        func = ODEFunc()
        out = odeint_adjoint(func, y0, t, method="dopri5", rtol=1e-3, atol=1e-4)
        _train_step(func, (out[-1] ** 2).mean())
        out = odeint_adjoint(func, y0, t, method="rk4", options=dict(step_size=0.1), adjoint_method="euler",
                             adjoint_options=dict(step_size=0.1))
        _train_step(func, (out[-1] ** 2).mean())

    def events():
        func = ODEFunc()

        def event_fn(t, y):
            return 0.6 - t

        event_t, solution = odeint_event(func, y0, torch.tensor(0.0), event_fn=event_fn, method="dopri5",
                                         rtol=1e-3, atol=1e-4)
        _train_step(func, solution[-1].pow(2).mean() + event_t)
        odeint(func, y0, t, method="scipy_solver", options=dict(solver="RK45"))

    return {"adaptive-solvers": adaptive, "fixed-grid-solvers": fixed, "adjoint": adjoint,
            "events-scipy": events}


# ---- fresh held-out set (run.py --fresh): never used to tune the scanner ----------------------

def gpytorch_scenarios():
    import torch
    import gpytorch as G

    x = torch.linspace(0, 1, 24).unsqueeze(-1)
    y = torch.sin(6 * x).squeeze(-1) + 0.1 * torch.randn(24)
    xt = torch.linspace(0, 1, 7).unsqueeze(-1)

    class ExactGP(G.models.ExactGP):
        def __init__(self, x, y, lik, kernel, mean=None):
            super().__init__(x, y, lik)
            self.mean_module = mean if mean is not None else G.means.ConstantMean()
            self.covar_module = kernel

        def forward(self, x):
            return G.distributions.MultivariateNormal(self.mean_module(x), self.covar_module(x))

    def fit_exact(kernel, mean=None, steps=2, x=x, y=y, xt=xt):
        lik = G.likelihoods.GaussianLikelihood()
        model = ExactGP(x, y, lik, kernel, mean)
        model.train(); lik.train()
        mll = G.mlls.ExactMarginalLogLikelihood(lik, model)
        opt = torch.optim.Adam(model.parameters(), lr=0.1)
        for _ in range(steps):
            opt.zero_grad()
            loss = -mll(model(x), y)
            loss.backward()
            opt.step()
        model.eval(); lik.eval()
        with torch.no_grad(), G.settings.fast_pred_var():
            pred = lik(model(xt))
            pred.mean, pred.variance, pred.confidence_region()
        return model

    def exact():
        fit_exact(G.kernels.ScaleKernel(G.kernels.RBFKernel()), mean=G.means.LinearMean(1), steps=3)
        fit_exact(G.kernels.ScaleKernel(G.kernels.MaternKernel(nu=2.5)) + G.kernels.PeriodicKernel())
        fit_exact(G.kernels.RQKernel() * G.kernels.LinearKernel())
        fit_exact(G.kernels.SpectralMixtureKernel(num_mixtures=2), mean=G.means.ZeroMean())
        fit_exact(G.kernels.ScaleKernel(G.kernels.PolynomialKernel(power=2)) + G.kernels.MaternKernel(nu=0.5))
        with G.settings.max_cholesky_size(0), G.settings.cg_tolerance(0.1):
            fit_exact(G.kernels.ScaleKernel(G.kernels.RBFKernel()))  # CG / Lanczos path

    def kiss_dkl():
        class DKL(G.models.ExactGP):
            def __init__(self, x, y, lik):
                super().__init__(x, y, lik)
                self.features = torch.nn.Sequential(torch.nn.Linear(1, 8), torch.nn.ReLU(), torch.nn.Linear(8, 1))
                self.mean_module = G.means.ConstantMean()
                self.covar_module = G.kernels.ScaleKernel(
                    G.kernels.GridInterpolationKernel(G.kernels.RBFKernel(), grid_size=16, num_dims=1))
                self.scale = G.utils.grid.ScaleToBounds(-1, 1)

            def forward(self, x):
                z = self.scale(self.features(x))
                return G.distributions.MultivariateNormal(self.mean_module(z), self.covar_module(z))

        lik = G.likelihoods.GaussianLikelihood()
        model = DKL(x, y, lik)
        mll = G.mlls.ExactMarginalLogLikelihood(lik, model)
        _train_step(model, -mll(model(x), y))
        model.eval()
        with torch.no_grad():
            lik(model(xt))

    def variational():
        class SVGP(G.models.ApproximateGP):
            def __init__(self, inducing):
                vd = G.variational.CholeskyVariationalDistribution(inducing.size(0))
                vs = G.variational.VariationalStrategy(self, inducing, vd, learn_inducing_locations=True)
                super().__init__(vs)
                self.mean_module = G.means.ConstantMean()
                self.covar_module = G.kernels.ScaleKernel(G.kernels.RBFKernel())

            def forward(self, x):
                return G.distributions.MultivariateNormal(self.mean_module(x), self.covar_module(x))

        model, lik = SVGP(x[::3].clone()), G.likelihoods.GaussianLikelihood()
        mll = G.mlls.VariationalELBO(lik, model, num_data=y.numel())
        _train_step(model, -mll(model(x), y), params=[*model.parameters(), *lik.parameters()])
        mll = G.mlls.PredictiveLogLikelihood(lik, model, num_data=y.numel())
        _train_step(model, -mll(model(x), y), params=[*model.parameters(), *lik.parameters()])
        model.eval()
        with torch.no_grad():
            lik(model(xt))
        # classification with a Bernoulli likelihood and a mean-field distribution
        model = SVGP(x[::3].clone())
        model.variational_strategy._variational_distribution = G.variational.MeanFieldVariationalDistribution(8)
        blik = G.likelihoods.BernoulliLikelihood()
        labels = (y > 0).float()
        mll = G.mlls.VariationalELBO(blik, model, num_data=labels.numel())
        _train_step(model, -mll(model(x), labels))
        model.eval()
        with torch.no_grad():
            blik(model(xt)).probs

    def multitask():
        ym = torch.stack([y, torch.cos(6 * x).squeeze(-1)], -1)

        class MT(G.models.ExactGP):
            def __init__(self, x, y, lik):
                super().__init__(x, y, lik)
                self.mean_module = G.means.MultitaskMean(G.means.ConstantMean(), num_tasks=2)
                self.covar_module = G.kernels.MultitaskKernel(G.kernels.RBFKernel(), num_tasks=2, rank=1)

            def forward(self, x):
                return G.distributions.MultitaskMultivariateNormal(self.mean_module(x), self.covar_module(x))

        lik = G.likelihoods.MultitaskGaussianLikelihood(num_tasks=2)
        model = MT(x, ym, lik)
        mll = G.mlls.ExactMarginalLogLikelihood(lik, model)
        _train_step(model, -mll(model(x), ym))
        model.eval(); lik.eval()
        with torch.no_grad():
            lik(model(xt)).mean
        # independent multitask variational GP (LMC)
        class LMC(G.models.ApproximateGP):
            def __init__(self):
                inducing = torch.rand(3, 6, 1)
                vd = G.variational.CholeskyVariationalDistribution(6, batch_shape=torch.Size([3]))
                vs = G.variational.LMCVariationalStrategy(
                    G.variational.VariationalStrategy(self, inducing, vd, learn_inducing_locations=True),
                    num_tasks=2, num_latents=3, latent_dim=-1)
                super().__init__(vs)
                self.mean_module = G.means.ConstantMean(batch_shape=torch.Size([3]))
                self.covar_module = G.kernels.ScaleKernel(G.kernels.RBFKernel(batch_shape=torch.Size([3])),
                                                          batch_shape=torch.Size([3]))

            def forward(self, x):
                return G.distributions.MultivariateNormal(self.mean_module(x), self.covar_module(x))

        model, lik = LMC(), G.likelihoods.MultitaskGaussianLikelihood(num_tasks=2)
        mll = G.mlls.VariationalELBO(lik, model, num_data=24)
        _train_step(model, -mll(model(x), ym), params=[*model.parameters(), *lik.parameters()])

    def priors_constraints():
        kernel = G.kernels.ScaleKernel(
            G.kernels.RBFKernel(lengthscale_prior=G.priors.GammaPrior(3.0, 6.0),
                                lengthscale_constraint=G.constraints.Interval(0.01, 2.0)),
            outputscale_prior=G.priors.NormalPrior(1.0, 0.5))
        lik = G.likelihoods.GaussianLikelihood(noise_constraint=G.constraints.GreaterThan(1e-3),
                                               noise_prior=G.priors.LogNormalPrior(-2.0, 1.0))
        model = ExactGP(x, y, lik, kernel)
        mll = G.mlls.ExactMarginalLogLikelihood(lik, model)
        _train_step(model, -mll(model(x), y))
        G.priors.HalfCauchyPrior(1.0).log_prob(torch.tensor(0.5))
        G.priors.UniformPrior(0.0, 1.0).log_prob(torch.tensor(0.5))
        G.priors.LKJCovariancePrior(2, 1.0, G.priors.SmoothedBoxPrior(0.1, 2.0)).log_prob(torch.eye(2))
        model.initialize(**{"covar_module.base_kernel.lengthscale": 0.5, "likelihood.noise": 0.1})
        fixed = G.likelihoods.FixedNoiseGaussianLikelihood(noise=torch.full((24,), 0.01))
        fit_model = ExactGP(x, y, fixed, G.kernels.ScaleKernel(G.kernels.RBFKernel()))
        mll = G.mlls.ExactMarginalLogLikelihood(fixed, fit_model)
        _train_step(fit_model, -mll(fit_model(x), y))

    return {"exact-gp-kernels": exact, "kiss-gp-deep-kernel": kiss_dkl, "variational": variational,
            "multitask": multitask, "priors-constraints": priors_constraints}


def e3nn_scenarios():
    import torch
    from e3nn import io, math, nn, o3

    pos = torch.randn(10, 3)

    def tensor_products():
        irreps_in, irreps_sh = o3.Irreps("4x0e + 2x1o"), o3.Irreps.spherical_harmonics(2)
        irreps_out = o3.Irreps("4x0e + 2x1o + 1x2e")
        sh = o3.spherical_harmonics(irreps_sh, pos, normalize=True, normalization="component")
        feats = irreps_in.randn(10, -1)
        tp = o3.FullyConnectedTensorProduct(irreps_in, irreps_sh, irreps_out, shared_weights=False)
        radial = nn.FullyConnectedNet([8, 16, tp.weight_numel], torch.nn.functional.silu)
        emb = math.soft_one_hot_linspace(pos.norm(dim=1), 0.0, 3.0, 8, basis="smooth_finite", cutoff=True)
        out = tp(feats, sh, radial(emb))
        lin = o3.Linear(irreps_out, irreps_in)
        gate = nn.Gate("4x0e", [torch.relu], "2x0e", [torch.sigmoid], "2x1o")
        pre = o3.Linear(irreps_in, gate.irreps_in)
        y = gate(pre(lin(out)))
        norm = o3.Norm(gate.irreps_out)
        loss = norm(y).pow(2).mean()
        _train_step(None, loss, params=[*tp.parameters(), *radial.parameters(), *lin.parameters(),
                                        *pre.parameters()])
        o3.ElementwiseTensorProduct("2x0e + 2x1o", "2x1o + 2x0e")(torch.randn(4, 8), torch.randn(4, 8))
        o3.FullTensorProduct("1x1o", "1x1o")(torch.randn(4, 3), torch.randn(4, 3))
        tp2 = o3.TensorProduct("2x1o", "1x1o", "2x0e + 2x1e",
                               [(0, 0, 0, "uvu", True), (0, 0, 1, "uvu", True)])
        tp2(torch.randn(4, 6), torch.randn(4, 3)).sum().backward()
        o3.TensorSquare("2x0e + 1x1o")(torch.randn(4, 5))

    def rotations():
        R = o3.rand_matrix()
        a, b, c = o3.matrix_to_angles(R)
        o3.angles_to_matrix(a, b, c)
        q = o3.matrix_to_quaternion(R)
        o3.quaternion_to_matrix(q)
        axis, angle = o3.matrix_to_axis_angle(R)
        o3.axis_angle_to_matrix(axis, angle)
        o3.angles_to_xyz(*o3.xyz_to_angles(pos))
        o3.compose_angles(a, b, c, a, b, c)
        o3.rand_angles(3)
        irreps = o3.Irreps("2x0e + 1x1o + 1x2e")
        D = irreps.D_from_matrix(R)
        o3.wigner_D(2, a, b, c)
        o3.wigner_3j(1, 1, 2)
        o3.Irrep("1o").D_from_quaternion(q)
        # equivariance check of spherical harmonics
        sh = o3.spherical_harmonics("0e + 1o + 2e", pos @ R.T, True)
        sh2 = o3.spherical_harmonics("0e + 1o + 2e", pos, True) @ o3.Irreps("0e + 1o + 2e").D_from_matrix(R).T
        assert torch.allclose(sh, sh2, atol=1e-4)
        D.det()
        o3.Irreps("1o + 2x0e").sort().irreps.simplify()
        o3.Irreps("3x1o").dim, irreps.num_irreps, irreps.ls, irreps.lmax
        o3.SphericalHarmonicsAlphaBeta([0, 1, 2])(torch.rand(4), torch.rand(4))

    def nn_layers():
        irreps = o3.Irreps("4x0e + 2x1o")
        x = irreps.randn(6, -1, requires_grad=True)
        bn = nn.BatchNorm(irreps)
        y = bn(x)
        bn.eval()
        bn(x)
        act = nn.NormActivation(irreps, torch.sigmoid)
        y = act(y)
        extract = nn.Extract(irreps, ["4x0e", "2x1o"], [(0,), (1,)])
        s, v = extract(y)
        drop = nn.Dropout(irreps, 0.2)
        y = drop(y)
        sact = nn.Activation("4x0e", [torch.tanh])
        s = sact(s)
        loss = y.pow(2).sum() + s.sum() + math.soft_unit_step(v).sum()
        loss.backward()
        # a small equivariant point-convolution network
        mlp = nn.FullyConnectedNet([10, 16, 16], torch.tanh)
        sh = o3.SphericalHarmonics("0e + 1o", True, "integral")
        src, dst = torch.combinations(torch.arange(10), 2).T
        tp = o3.FullyConnectedTensorProduct("8x0e", "0e + 1o", "4x0e + 2x1o", shared_weights=False)
        feat_mlp = torch.nn.Linear(3, 8)
        lin = o3.Linear("4x0e + 2x1o", "1x0e")
        vec = pos[dst] - pos[src]
        emb = math.soft_one_hot_linspace(vec.norm(dim=1), 0.0, 4.0, 10, basis="gaussian", cutoff=False)
        tp_w = torch.nn.Linear(16, tp.weight_numel)
        msg = tp(feat_mlp(torch.randn(10, 3))[src], sh(vec), tp_w(mlp(emb)))
        node = torch.zeros(10, msg.shape[1]).index_add(0, dst, msg)
        out = lin(node).sum()
        _train_step(None, out, params=[*mlp.parameters(), *tp.parameters(), *feat_mlp.parameters(),
                                       *lin.parameters(), *tp_w.parameters()])
        math.soft_one_hot_linspace(torch.rand(5), 0.0, 1.0, 4, basis="cosine", cutoff=True)
        math.soft_one_hot_linspace(torch.rand(5), 0.0, 1.0, 4, basis="bessel", cutoff=True)
        math.normalize2mom(torch.nn.functional.silu)(torch.randn(5))

    def cartesian():
        ct = io.CartesianTensor("ij=ji")
        t = torch.randn(2, 3, 3)
        t = t + t.transpose(1, 2)
        irr = ct.from_cartesian(t)
        ct.to_cartesian(irr)
        io.SphericalTensor(2, 1, -1).randn(4, -1)
        o3.ReducedTensorProducts("ij", i="1o", j="1o")
        o3.Irreps.spherical_harmonics(3).D_from_axis_angle(torch.tensor([0.0, 0.0, 1.0]), torch.tensor(0.3))

    return {"tensor-products": tensor_products, "rotations-wigner": rotations, "nn-layers-pointconv": nn_layers,
            "cartesian-tensors": cartesian}


def torch_geometric_scenarios():
    import torch
    import torch_geometric.nn as gnn
    import torch_geometric.utils as U
    from torch_geometric.data import Batch, Data
    from torch_geometric.loader import DataLoader

    n, feats, classes = 20, 8, 3
    edge_index = U.to_undirected(torch.randint(0, n, (2, 50)), num_nodes=n)
    edge_index, _ = U.remove_self_loops(edge_index)
    x = torch.randn(n, feats)
    labels = torch.randint(0, classes, (n,))
    data = Data(x=x, edge_index=edge_index, y=labels, edge_attr=torch.rand(edge_index.size(1), 4))

    def node_convs():
        convs = [gnn.GCNConv(feats, 16), gnn.GATConv(feats, 4, heads=4), gnn.SAGEConv(feats, 16),
                 gnn.GINConv(torch.nn.Sequential(torch.nn.Linear(feats, 16), torch.nn.ReLU())),
                 gnn.GATv2Conv(feats, 8, heads=2, edge_dim=4), gnn.TransformerConv(feats, 8, heads=2, edge_dim=4),
                 gnn.GraphConv(feats, 16), gnn.ChebConv(feats, 16, K=3), gnn.GINEConv(torch.nn.Linear(feats, 16), edge_dim=4),
                 gnn.GatedGraphConv(16, num_layers=2), gnn.EdgeConv(torch.nn.Linear(2 * feats, 16)),
                 gnn.ResGatedGraphConv(feats, 16), gnn.SGConv(feats, 16, K=2), gnn.TAGConv(feats, 16),
                 gnn.ARMAConv(feats, 16), gnn.GENConv(feats, 16), gnn.PNAConv(
                     feats, 16, aggregators=["mean", "max", "std"], scalers=["identity", "amplification"],
                     deg=U.degree(edge_index[1], n, dtype=torch.long).bincount(), edge_dim=4)]
        for conv in convs:
            kwargs = {}
            if isinstance(conv, (gnn.GATv2Conv, gnn.TransformerConv, gnn.GINEConv, gnn.PNAConv)):
                kwargs["edge_attr"] = data.edge_attr
            out = conv(x, edge_index, **kwargs)
            head = torch.nn.Linear(out.size(-1), classes)
            loss = torch.nn.functional.cross_entropy(head(out), labels)
            _train_step(None, loss, params=[*conv.parameters(), *head.parameters()])
        gnn.APPNP(K=3, alpha=0.1)(x, edge_index)
        gnn.GCN2Conv(feats, alpha=0.1)(x, x, edge_index)

    def models():
        for model in (gnn.GCN(feats, 16, 2, classes, dropout=0.1), gnn.GAT(feats, 16, 2, classes, v2=True),
                      gnn.GraphSAGE(feats, 16, 2, classes, jk="cat"), gnn.GIN(feats, 16, 2, classes, norm="batch_norm"),
                      gnn.MLP([feats, 16, classes], norm="layer_norm")):
            model.train()
            out = model(x) if isinstance(model, gnn.MLP) else model(x, edge_index)
            _train_step(model, torch.nn.functional.cross_entropy(out, labels))
            model.eval()
            with torch.no_grad():
                model(x) if isinstance(model, gnn.MLP) else model(x, edge_index)
        encoder = gnn.GCNConv(feats, 8)
        gae = gnn.GAE(encoder)
        z = gae.encode(x, edge_index)
        loss = gae.recon_loss(z, edge_index)
        _train_step(gae, loss)
        gae.test(z.detach(), edge_index, U.negative_sampling(edge_index, num_nodes=n))

        class VEnc(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.mu, self.logstd = gnn.GCNConv(feats, 8), gnn.GCNConv(feats, 8)

            def forward(self, x, edge_index):
                return self.mu(x, edge_index), self.logstd(x, edge_index)

        vgae = gnn.VGAE(VEnc())
        z = vgae.encode(x, edge_index)
        _train_step(vgae, vgae.recon_loss(z, edge_index) + vgae.kl_loss() / n)

    def graph_classification():
        graphs = []
        for i in range(8):
            m = 6 + i
            ei = U.to_undirected(torch.randint(0, m, (2, 2 * m)), num_nodes=m)
            graphs.append(Data(x=torch.randn(m, feats), edge_index=ei, y=torch.tensor([i % 2]), pos=torch.randn(m, 3)))
        loader = DataLoader(graphs, batch_size=4, shuffle=True)

        class Net(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.conv1 = gnn.GraphConv(feats, 16)
                self.pool1 = gnn.TopKPooling(16, ratio=0.8)
                self.conv2 = gnn.GCNConv(16, 16)
                self.pool2 = gnn.SAGPooling(16, ratio=0.8)
                self.norm = gnn.GraphNorm(16)
                self.bn = gnn.BatchNorm(16)
                self.ln = gnn.LayerNorm(16)
                self.att = gnn.AttentionalAggregation(torch.nn.Linear(16, 1))
                self.set2set = gnn.Set2Set(16, processing_steps=2)
                self.head = torch.nn.Linear(16 * 5, 2)

            def forward(self, b):
                h = self.conv1(b.x, b.edge_index).relu()
                h, ei, _, batch, _, _ = self.pool1(h, b.edge_index, None, b.batch)
                h = self.conv2(h, ei).relu()
                h, ei, _, batch, _, _ = self.pool2(h, ei, batch=batch)
                h = self.ln(self.bn(self.norm(h, batch)), batch)
                g = torch.cat([gnn.global_mean_pool(h, batch), gnn.global_max_pool(h, batch),
                               self.att(h, batch), self.set2set(h, batch)], -1)
                return self.head(g)

        model = Net()
        opt = torch.optim.Adam(model.parameters(), lr=0.01)
        for b in loader:
            opt.zero_grad()
            loss = torch.nn.functional.cross_entropy(model(b), b.y)
            loss.backward()
            opt.step()
        b = Batch.from_data_list(graphs[:3])
        b.to_data_list()
        gnn.global_add_pool(b.x, b.batch)
        U.to_dense_batch(b.x, b.batch)
        U.to_dense_adj(b.edge_index, b.batch)
        point = gnn.PointNetConv(torch.nn.Linear(feats + 3, 16), torch.nn.Linear(16, 8))
        out = point(b.x, b.pos, b.edge_index)
        _train_step(point, out.pow(2).mean())
        multi = gnn.aggr.MultiAggregation(["mean", "max", gnn.aggr.SoftmaxAggregation(learn=True)])
        multi(b.x, b.batch).sum().backward()

    def utils():
        ei, _ = U.add_self_loops(edge_index, num_nodes=n)
        U.degree(ei[0], n)
        U.softmax(torch.randn(ei.size(1)), ei[1], num_nodes=n)
        U.dropout_edge(edge_index, p=0.3)
        U.subgraph(torch.arange(10), edge_index, num_nodes=n)
        U.k_hop_subgraph(0, 2, edge_index, num_nodes=n)
        U.is_undirected(edge_index)
        U.coalesce(edge_index, num_nodes=n)
        U.get_laplacian(edge_index, normalization="sym", num_nodes=n)
        U.scatter(x, edge_index[1][: n], dim=0, dim_size=n, reduce="mean")
        U.contains_isolated_nodes(edge_index, n)
        U.one_hot(labels, classes)
        U.to_scipy_sparse_matrix(edge_index, num_nodes=n)
        U.to_networkx(data)
        U.from_networkx(U.to_networkx(data, node_attrs=["x"]))
        data.validate()
        data.num_nodes, data.num_edges, data.has_isolated_nodes()

    return {"node-convs": node_convs, "models-autoencoders": models, "graph-classification": graph_classification,
            "utils-data": utils}


def torchsde_scenarios():
    import torch
    import torchsde

    batch, state = 4, 2
    ts = torch.linspace(0, 0.5, 4)

    class SDE(torch.nn.Module):
        def __init__(self, noise_type="diagonal", sde_type="ito", brownian=state):
            super().__init__()
            self.noise_type, self.sde_type, self.brownian = noise_type, sde_type, brownian
            self.drift = torch.nn.Sequential(torch.nn.Linear(state, 16), torch.nn.Tanh(), torch.nn.Linear(16, state))
            out = {"diagonal": state, "additive": state * brownian, "scalar": state, "general": state * brownian}
            self.diff = torch.nn.Linear(state, out[noise_type])

        def f(self, t, y):
            return self.drift(y)

        def h(self, t, y):  # prior drift, for logqp
            return -y

        def g(self, t, y):
            g = torch.sigmoid(self.diff(y))
            if self.noise_type == "additive":
                return torch.sigmoid(self.diff.bias).expand(y.size(0), -1).reshape(-1, state, self.brownian)
            if self.noise_type == "scalar":
                return g.unsqueeze(-1)
            if self.noise_type == "general":
                return g.reshape(-1, state, self.brownian)
            return g

    y0 = torch.full((batch, state), 0.1)

    def fit(sde, method, adjoint=False, **kw):
        solve = torchsde.sdeint_adjoint if adjoint else torchsde.sdeint
        ys = solve(sde, y0, ts, method=method, dt=0.05, **kw)
        _train_step(sde, ys[-1].pow(2).mean())

    def ito():
        for method in ("euler", "milstein", "srk"):
            fit(SDE(), method)
        fit(SDE("additive"), "srk")
        fit(SDE("scalar", brownian=1), "euler")
        fit(SDE("general", brownian=3), "euler", bm=torchsde.BrownianInterval(0.0, 0.5, size=(batch, 3)))
        fit(SDE(), "milstein", options=dict(grad_free=True))

    def stratonovich():
        for method in ("euler_heun", "heun", "midpoint", "milstein", "reversible_heun"):
            fit(SDE(sde_type="stratonovich"), method)

    def adjoint():
        fit(SDE(), "euler", adjoint=True)
        fit(SDE(sde_type="stratonovich"), "reversible_heun", adjoint=True, adjoint_method="adjoint_reversible_heun")
        fit(SDE(sde_type="stratonovich"), "midpoint", adjoint=True)
        fit(SDE(), "euler", adjoint=True, adaptive=True, rtol=1e-2, atol=1e-2)

    def brownian_logqp():
        bi = torchsde.BrownianInterval(t0=0.0, t1=1.0, size=(batch, state), levy_area_approximation="space-time")
        bi(0.2, 0.7)
        bi(0.3)
        bt = torchsde.BrownianTree(t0=0.0, t1=1.0, w0=torch.zeros(batch, state), tol=1e-3)
        bt(0.5)
        bp = torchsde.BrownianPath(t0=0.0, w0=torch.zeros(batch, state))
        bp(0.4)
        sde = SDE()
        ys, logqp = torchsde.sdeint(sde, y0, ts, method="euler", dt=0.05, logqp=True,
                                    names={"drift": "f", "diffusion": "g", "prior_drift": "h"})
        ys2 = torchsde.sdeint(sde, y0, ts, method="euler", dt=0.05, adaptive=True, rtol=1e-2, atol=1e-2,
                              bm=torchsde.BrownianInterval(0.0, 0.5, size=(batch, state)))
        _train_step(sde, ys[-1].pow(2).mean() + logqp.sum() + ys2[-1].mean())

    return {"ito-solvers": ito, "stratonovich-solvers": stratonovich, "adjoint": adjoint,
            "brownian-logqp": brownian_logqp}


# ---- second fresh held-out set (run.py --fresh2): never used to tune the scanner --------------

def esm_scenarios():
    from argparse import Namespace

    import torch
    import esm
    from esm import pretrained
    from esm.data import FastaBatchedDataset, MSABatchConverter, read_fasta

    seqs = [("p1", "MKTAYIAKQRQISFVKSHFSRQ"), ("p2", "KALTARQQEVFDLIRDHISQ"), ("p3", "MKV<mask>LAAGK")]

    def mlm_step(model, alphabet, tokens):
        masked = tokens.clone()
        pick = (torch.rand(tokens.shape) < 0.15) & (tokens > alphabet.eos_idx)
        masked[pick] = alphabet.mask_idx
        out = model(masked, repr_layers=[0, model.num_layers], return_contacts=True)
        logits = out["logits"]
        loss = torch.nn.functional.cross_entropy(logits.reshape(-1, logits.size(-1)), tokens.reshape(-1),
                                                 ignore_index=alphabet.padding_idx)
        _train_step(model, loss + out["contacts"].mean())
        model.eval()
        with torch.no_grad():
            model.predict_contacts(tokens)
            model(tokens, need_head_weights=True)
        return out

    def esm2():
        alphabet = esm.Alphabet.from_architecture("ESM-1b")
        _, _, tokens = alphabet.get_batch_converter()(seqs)
        model = esm.ESM2(num_layers=2, embed_dim=32, attention_heads=4, alphabet=alphabet, token_dropout=True)
        mlm_step(model, alphabet, tokens)
        # a checkpoint in the fair-esm v2 layout goes through the loader's state-dict upgrade
        data = {"cfg": {"model": Namespace(encoder_layers=2, encoder_embed_dim=32, encoder_attention_heads=4,
                                           token_dropout=True)},
                "model": {"encoder.sentence_encoder." + k: v for k, v in model.state_dict().items()
                          if not k.startswith("contact_head.regression")}}
        loaded, alph = pretrained.load_model_and_alphabet_core("esm2_t2_tiny", data)
        loaded.eval()(tokens)
        truncated = alph.get_batch_converter(truncation_seq_length=8)
        truncated(seqs[:2])
        alph.encode("MKTAYIAK"), alph.get_tok(5), alph.to_dict()

    def esm1b_and_esm1():
        alphabet = esm.Alphabet.from_architecture("roberta_large")
        _, _, tokens = alphabet.get_batch_converter()(seqs)
        args = Namespace(arch="roberta_large", layers=2, embed_dim=32, ffn_embed_dim=64, attention_heads=4,
                         max_positions=64, emb_layer_norm_before=True, token_dropout=True)
        model = esm.ProteinBertModel(args, alphabet)
        mlm_step(model, alphabet, tokens)
        data = {"args": Namespace(arch="roberta_large", encoder_layers=2, encoder_embed_dim=32,
                                  encoder_ffn_embed_dim=64, encoder_attention_heads=4, max_positions=64,
                                  token_dropout=True),
                "model": {"encoder.sentence_encoder." + k: v for k, v in model.state_dict().items()
                          if not k.startswith("contact_head.regression")}}
        pretrained.load_model_and_alphabet_core("esm1b_t2_tiny", data)[0].eval()(tokens)
        # ESM-1: sinusoidal positions, bias_kv attention, ESM1LayerNorm
        alphabet1 = esm.Alphabet.from_architecture("ESM-1")
        _, _, tokens1 = alphabet1.get_batch_converter()(seqs)
        args1 = Namespace(arch="protein_bert_base", layers=2, embed_dim=32, ffn_embed_dim=64, attention_heads=4,
                          max_positions=64, final_bias=True)
        model1 = esm.ProteinBertModel(args1, alphabet1)
        mlm_step(model1, alphabet1, tokens1)

    def msa_transformer():
        alphabet = esm.Alphabet.from_architecture("msa_transformer")
        msa = [("a", "MKTAYIAKQR"), ("b", "MKTAFIAKQR"), ("c", "MRTAYLAKQ-"), ("d", "MKSAYIAKHR")]
        _, _, tokens = MSABatchConverter(alphabet)([msa, msa[:3]])
        args = Namespace(arch="msa_transformer", layers=2, embed_dim=32, ffn_embed_dim=64, attention_heads=4,
                         dropout=0.1, attention_dropout=0.1, activation_dropout=0.1, max_tokens=2 ** 14,
                         max_positions=64, embed_positions_msa=True)
        model = esm.MSATransformer(args, alphabet)
        mlm_step(model, alphabet, tokens)
        model.max_tokens_per_msa_(8)  # batched row/column attention
        with torch.no_grad():
            model(tokens, need_head_weights=True)
        model.max_tokens_per_msa_(2 ** 14)
        data = {"args": Namespace(arch="msa_transformer", encoder_layers=2, encoder_embed_dim=32,
                                  encoder_ffn_embed_dim=64, encoder_attention_heads=4, dropout=0.1,
                                  attention_dropout=0.1, activation_dropout=0.1, max_tokens=2 ** 14,
                                  max_positions=64, embed_positions_msa=True),
                "model": {"encoder.sentence_encoder." + k.replace("row", "@").replace("column", "row")
                          .replace("@", "column"): v for k, v in model.state_dict().items()
                          if not k.startswith("contact_head.regression")}}
        pretrained.load_model_and_alphabet_core("esm_msa1b_tiny", data)[0].eval()(tokens)

    def data_utils():
        import tempfile
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "x.fasta")
            with open(path, "w") as fh:
                for label, s in seqs:
                    fh.write(f">{label}\n{s[:10]}\n{s[10:]}\n")
            ds = FastaBatchedDataset.from_file(path)
            batches = ds.get_batch_indices(40, extra_toks_per_seq=1)
            alphabet = esm.Alphabet.from_architecture("ESM-1b")
            loader = torch.utils.data.DataLoader(ds, collate_fn=alphabet.get_batch_converter(), batch_sampler=batches)
            model = esm.ESM2(num_layers=1, embed_dim=16, attention_heads=2, alphabet=alphabet).eval()
            with torch.no_grad():
                for labels, strs, toks in loader:
                    model(toks, repr_layers=[1])["representations"][1].mean(1)
            list(read_fasta(path, keep_gaps=False, keep_insertions=False, to_upper=True))

    return {"esm2-mlm-contacts": esm2, "esm1b-esm1": esm1b_and_esm1, "msa-transformer": msa_transformer,
            "fasta-batches": data_utils}


def pytorch_metric_learning_scenarios():
    import random

    import numpy as np
    import torch
    from pytorch_metric_learning import distances, losses, miners, reducers, regularizers, samplers, testers, trainers
    from pytorch_metric_learning.utils import accuracy_calculator, common_functions, inference
    from pytorch_metric_learning.utils import loss_and_miner_utils as lmu

    np.random.seed(0)  # the samplers and miners draw from numpy's and Python's global generators
    random.seed(0)
    dim, n_cls = 16, 4
    labels = torch.arange(n_cls).repeat_interleave(4)  # 4 classes x 4 samples
    inputs = torch.randn(labels.numel(), 10)

    def embedder():
        torch.manual_seed(0)
        return torch.nn.Sequential(torch.nn.Linear(10, 32), torch.nn.ReLU(), torch.nn.Linear(32, dim))

    def fit(loss_fn, miner=None, extra_params=(), **kw):
        net = embedder()
        emb = net(inputs)
        tup = miner(emb, labels) if miner is not None else None
        loss = loss_fn(emb, labels, tup, **kw) if tup is not None else loss_fn(emb, labels, **kw)
        _train_step(None, loss, params=[*net.parameters(), *extra_params])
        return loss

    def tuple_losses():
        fit(losses.ContrastiveLoss(pos_margin=0.1, neg_margin=1.0), miners.PairMarginMiner(0.2, 0.5))
        fit(losses.ContrastiveLoss(distance=distances.CosineSimilarity(), reducer=reducers.ThresholdReducer(0.1)))
        fit(losses.TripletMarginLoss(margin=0.1, swap=True, smooth_loss=True),
            miners.TripletMarginMiner(margin=0.2, type_of_triplets="semihard"))
        fit(losses.TripletMarginLoss(distance=distances.SNRDistance()), miners.BatchHardMiner())
        fit(losses.MarginLoss(margin=0.2, nu=0.1, num_classes=n_cls), miners.DistanceWeightedMiner(0.5, 1.4))
        fit(losses.MultiSimilarityLoss(), miners.MultiSimilarityMiner(epsilon=0.1))
        fit(losses.CircleLoss(), miners.BatchEasyHardMiner())
        fit(losses.AngularLoss(), miners.AngularMiner(angle=20))
        fit(losses.NTXentLoss(temperature=0.1), miners.HDCMiner(filter_percentage=0.5))
        fit(losses.SupConLoss(temperature=0.1))
        fit(losses.LiftedStructureLoss(neg_margin=1.0))
        fit(losses.GeneralizedLiftedStructureLoss(neg_margin=1.0))
        fit(losses.NPairsLoss())
        fit(losses.NCALoss(softmax_scale=2.0))
        fit(losses.FastAPLoss(num_bins=5))
        fit(losses.TupletMarginLoss())
        fit(losses.IntraPairVarianceLoss(), miners.UniformHistogramMiner(num_bins=10, pos_per_bin=2,
                                                                         neg_per_bin=2))
        fit(losses.SignalToNoiseRatioContrastiveLoss(), miners.TripletMarginMiner(type_of_triplets="all"))
        fit(losses.HistogramLoss(n_bins=10))
        fit(losses.RankedListLoss(margin=0.4, Tn=10, Tp=1, alpha=1.0))
        fit(losses.InstanceLoss(gamma=32))
        fit(losses.ThresholdConsistentMarginLoss())
        fit(losses.DynamicSoftMarginLoss(num_bins=10), miners.BatchHardMiner())
        fit(losses.PNPLoss(variant="Dq"))
        fit(losses.SmoothAPLoss())
        net = embedder()
        _train_step(net, losses.ManifoldLoss(l=dim, K=4)(net(inputs)))

    def classifier_losses():
        for cls, kw in ((losses.ArcFaceLoss, {}), (losses.CosFaceLoss, {}), (losses.SphereFaceLoss, {}),
                        (losses.SubCenterArcFaceLoss, {"sub_centers": 2}), (losses.LargeMarginSoftmaxLoss, {}),
                        (losses.NormalizedSoftmaxLoss, {}), (losses.ProxyAnchorLoss, {}),
                        (losses.ProxyNCALoss, {}), (losses.SoftTripleLoss, {"centers_per_class": 2}),
                        (losses.P2SGradLoss, {})):
            loss_fn = cls(num_classes=n_cls, embedding_size=dim, **kw) if cls is not losses.P2SGradLoss else \
                cls(descriptors_dim=dim, num_classes=n_cls)
            fit(loss_fn, extra_params=loss_fn.parameters())
        arc = losses.SubCenterArcFaceLoss(num_classes=n_cls, embedding_size=dim, sub_centers=2)
        fit(arc, extra_params=arc.parameters())
        emb = embedder()(inputs).detach()
        arc.get_outliers(emb, labels)
        arc.get_logits(emb)
        # weight and embedding regularizers
        reg = losses.NormalizedSoftmaxLoss(n_cls, dim, weight_regularizer=regularizers.RegularFaceRegularizer(),
                                           embedding_regularizer=regularizers.LpRegularizer())
        fit(reg, extra_params=reg.parameters())
        reg = losses.ArcFaceLoss(n_cls, dim, weight_regularizer=regularizers.CenterInvariantRegularizer(),
                                 embedding_regularizer=regularizers.ZeroMeanRegularizer())
        fit(reg, extra_params=reg.parameters())
        reg = losses.SoftTripleLoss(n_cls, dim, centers_per_class=2,
                                    weight_regularizer=regularizers.SparseCentersRegularizer(n_cls, 2))
        fit(reg, extra_params=reg.parameters())

    def wrappers_reducers():
        fit(losses.CrossBatchMemory(losses.ContrastiveLoss(), dim, memory_size=32,
                                    miner=miners.MultiSimilarityMiner()))
        xbm = losses.CrossBatchMemory(losses.NTXentLoss(), dim, memory_size=8)
        for _ in range(3):  # wraps around the queue
            fit(xbm, enqueue_mask=torch.rand(labels.numel()) < 0.5)
        xbm.reset_queue()
        net = embedder()
        ssl = losses.SelfSupervisedLoss(losses.TripletMarginLoss(), symmetric=True)
        _train_step(net, ssl(net(inputs), net(inputs + 0.1 * torch.randn_like(inputs))))
        net = embedder()
        _train_step(net, losses.VICRegLoss()(net(inputs), ref_emb=net(inputs.flip(0))))
        combo = losses.MultipleLosses([losses.ContrastiveLoss(), losses.TripletMarginLoss()], weights=[1.0, 0.5],
                                      miners=[miners.PairMarginMiner(), None])
        fit(combo)
        for red in (reducers.MeanReducer(), reducers.SumReducer(), reducers.AvgNonZeroReducer(),
                    reducers.PerAnchorReducer(), reducers.DoNothingReducer(),
                    reducers.ClassWeightedReducer(torch.rand(n_cls)),
                    reducers.MultipleReducers({"pos_loss": reducers.MeanReducer()},
                                              default_reducer=reducers.SumReducer()),
                    reducers.ThresholdReducer(low=0.05, high=2.0)):
            loss_fn = losses.ContrastiveLoss(reducer=red)
            net = embedder()
            out = loss_fn(net(inputs), labels)
            if isinstance(red, reducers.DoNothingReducer):
                out = out["pos_loss"]["losses"].sum() + out["neg_loss"]["losses"].sum()
            _train_step(net, out)
        emb = embedder()(inputs)
        for dist in (distances.LpDistance(p=1, power=2), distances.DotProductSimilarity(),
                     distances.BatchedDistance(distances.CosineSimilarity(), lambda m, s, e: m.sum(), 5)):
            dist(emb) if not isinstance(dist, distances.BatchedDistance) else dist(emb, emb)
        triplets = lmu.get_all_triplets_indices(labels)
        miners.EmbeddingsAlreadyPackagedAsTriplets()(emb[: 3 * (len(emb) // 3)], labels[: 3 * (len(emb) // 3)])
        lmu.convert_to_pairs(triplets, labels), lmu.convert_to_triplets(lmu.get_all_pairs_indices(labels), labels)
        lmu.get_random_triplet_indices(labels, t_per_anchor=2)
        common_functions.to_dtype(emb, dtype=torch.float64)

    def trainer_tester():
        class DS(torch.utils.data.Dataset):
            def __init__(self, n=48):
                self.y = torch.arange(n) % n_cls
                self.x = torch.randn(n, 10) + self.y[:, None].float()
            def __len__(self):
                return len(self.y)
            def __getitem__(self, i):
                return self.x[i], self.y[i]

        ds = DS()
        trunk, emb_net, clf = embedder(), torch.nn.Linear(dim, 8), torch.nn.Linear(8, n_cls)
        models = {"trunk": trunk, "embedder": emb_net, "classifier": clf}
        opts = {f"{k}_optimizer": torch.optim.AdamW(m.parameters(), lr=1e-3) for k, m in models.items()}
        sampler = samplers.MPerClassSampler(ds.y, m=4, length_before_new_iter=len(ds))
        trainer = trainers.TrainWithClassifier(
            models, opts, batch_size=16, loss_funcs={"metric_loss": losses.TripletMarginLoss(),
                                                     "classifier_loss": torch.nn.CrossEntropyLoss()},
            dataset=ds, mining_funcs={"tuple_miner": miners.MultiSimilarityMiner()}, sampler=sampler,
            loss_weights={"metric_loss": 1, "classifier_loss": 0.5}, dataloader_num_workers=0,
            lr_schedulers={"trunk_scheduler_by_iteration": torch.optim.lr_scheduler.StepLR(opts["trunk_optimizer"], 2)},
            gradient_clippers={"trunk_grad_clipper": lambda: torch.nn.utils.clip_grad_norm_(trunk.parameters(), 1.0)})
        trainer.train(num_epochs=1)
        models = {"trunk": embedder()}
        sgd = torch.optim.SGD(models["trunk"].parameters(), lr=0.01)
        trainer = trainers.MetricLossOnly(models, {"trunk_optimizer": sgd},
                                          batch_size=16, loss_funcs={"metric_loss": losses.NTXentLoss()},
                                          dataset=ds, dataloader_num_workers=0, freeze_trunk_batchnorm=True)
        trainer.train(num_epochs=1)
        knn = inference.CustomKNN(distances.CosineSimilarity(), batch_size=8)
        calc = accuracy_calculator.AccuracyCalculator(knn_func=knn, k="max_bin_count", exclude=("NMI", "AMI"))
        tester = testers.GlobalEmbeddingSpaceTester(accuracy_calculator=calc, dataloader_num_workers=0, batch_size=16)
        tester.test({"val": ds}, 1, models["trunk"])
        q = embedder()(ds.x).detach()
        calc.get_accuracy(q, ds.y, q, ds.y, ref_includes_query=True)
        match = inference.MatchFinder(distance=distances.CosineSimilarity(), threshold=0.7)
        im = inference.InferenceModel(models["trunk"], match_finder=match, knn_func=knn)
        im.get_embeddings_from_tensor_or_dataset(ds, batch_size=16)
        knn(im.get_embeddings(ds.x[:4]), 3, im.get_embeddings(ds.x), ref_includes_query=True)
        im.is_match(ds.x[:2], ds.x[2:4])
        im.get_matches(ds.x[:6])
        list(samplers.HierarchicalSampler(torch.stack([ds.y, ds.y // 2], 1), batch_size=8, samples_per_class=2,
                                          batches_per_super_tuple=2))
        list(samplers.TuplesToWeightsSampler(models["trunk"], miners.MultiSimilarityMiner(), ds, subset_size=8,
                                             accuracy_calculator=calc,
                                             dataloader_num_workers=0))
        list(samplers.FixedSetOfTriplets(ds.y, 10))

    return {"tuple-losses-miners": tuple_losses, "classifier-losses-regularizers": classifier_losses,
            "wrappers-reducers-distances": wrappers_reducers, "trainer-tester-inference": trainer_tester}


def torch_optimizer_scenarios():
    import torch
    import torch_optimizer as O

    def make():
        torch.manual_seed(0)
        return torch.nn.Sequential(torch.nn.Conv2d(2, 4, 3), torch.nn.ReLU(), torch.nn.Flatten(),
                                   torch.nn.Linear(4 * 4 * 4, 3))

    xb, yb = torch.randn(6, 2, 6, 6), torch.randint(0, 3, (6,))

    def train(opt_fn, steps=3, create_graph=False, closure=False, dense=False):
        model = make() if not dense else torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(72, 3))
        opt = opt_fn(model.parameters())
        for _ in range(steps):
            def loss_fn():
                opt.zero_grad()
                loss = torch.nn.functional.cross_entropy(model(xb), yb)
                loss.backward(create_graph=create_graph)
                return loss
            if closure:
                opt.step(loss_fn)
            else:
                loss_fn()
                opt.step()
        return opt

    def adaptive():
        train(lambda p: O.AdaBelief(p, lr=1e-2, weight_decay=1e-2, amsgrad=True, weight_decouple=True,
                                    rectify=True), steps=7)
        train(lambda p: O.AdaBelief(p, weight_decay=1e-2, fixed_decay=True))
        train(lambda p: O.AdaBound(p, weight_decay=1e-2, amsbound=True), closure=True)
        train(lambda p: O.AdaBound(p))
        train(lambda p: O.AdaMod(p, weight_decay=1e-2), closure=True)
        train(lambda p: O.DiffGrad(p, weight_decay=1e-2), closure=True)
        train(lambda p: O.Yogi(p, weight_decay=1e-2), closure=True)
        train(lambda p: O.RAdam(p, weight_decay=1e-2), steps=7, closure=True)
        train(lambda p: O.QHAdam(p, nus=(0.7, 1.0), weight_decay=1e-2, decouple_weight_decay=True), closure=True)
        train(lambda p: O.QHAdam(p, weight_decay=1e-2))
        train(lambda p: O.MADGRAD(p, weight_decay=1e-2), closure=True)
        train(lambda p: O.MADGRAD(p, momentum=0.0, weight_decay=1e-2))
        train(lambda p: O.NovoGrad(p, weight_decay=1e-2, grad_averaging=True, amsgrad=True), closure=True)
        train(lambda p: O.Apollo(p, warmup=2, weight_decay=1e-2), steps=4, closure=True)
        train(lambda p: O.Apollo(p, init_lr=1e-3))

    def projected_and_layerwise():
        train(lambda p: O.AdamP(p, weight_decay=1e-2, nesterov=True), closure=True)
        train(lambda p: O.AdamP(p))
        train(lambda p: O.SGDP(p, momentum=0.9, weight_decay=1e-2, nesterov=True), closure=True)
        train(lambda p: O.Lamb(p, weight_decay=1e-2, debias=True), closure=True)
        train(lambda p: O.Lamb(p, adam=True))
        train(lambda p: O.LARS(p, momentum=0.9, weight_decay=1e-2, nesterov=True), closure=True)
        train(lambda p: O.Adafactor(p, beta1=0.9, weight_decay=1e-2, warmup_init=True), closure=True, dense=True)
        train(lambda p: O.Adafactor(p, lr=1e-2, relative_step=False, scale_parameter=False), dense=True)
        train(lambda p: O.Shampoo(p, momentum=0.9, weight_decay=1e-2, update_freq=1), closure=True)

    def momentum_family():
        train(lambda p: O.AccSGD(p, weight_decay=1e-2), closure=True)
        train(lambda p: O.AggMo(p, weight_decay=1e-2), closure=True)
        train(lambda p: O.AggMo.from_exp_form(p, lr=1e-3, a=0.1, k=3))
        train(lambda p: O.PID(p, momentum=0.9, weight_decay=1e-2), closure=True)
        train(lambda p: O.QHM(p, momentum=0.9, weight_decay=1e-2), closure=True)
        train(lambda p: O.QHM(p, momentum=0.9, weight_decay=1e-2, weight_decay_type="direct"))
        train(lambda p: O.SGDW(p, momentum=0.9, weight_decay=1e-2, nesterov=True), closure=True)
        train(lambda p: O.SWATS(p, weight_decay=1e-2, amsgrad=True, nesterov=True), steps=5, closure=True)
        train(lambda p: O.A2GradExp(p), closure=True)
        train(lambda p: O.A2GradInc(p), closure=True)
        train(lambda p: O.A2GradUni(p), closure=True)

    def hessian_lookahead():
        train(lambda p: O.Adahessian(p, weight_decay=1e-2, seed=0), create_graph=True, closure=True)
        opt = train(lambda p: O.Lookahead(O.Yogi(p, lr=1e-2), k=2, alpha=0.5), steps=4, closure=True)
        opt.add_param_group({"params": [torch.nn.Parameter(torch.randn(3))]})
        O.get("adamp"), O.get("Lamb")

    return {"adaptive-moments": adaptive, "projected-layerwise": projected_and_layerwise,
            "momentum-family": momentum_family, "adahessian-lookahead": hessian_lookahead}


def zuko_scenarios():
    import torch
    import zuko
    import zuko.bayesian
    import zuko.mixtures
    from zuko import distributions as D, transforms as T

    x = torch.randn(32, 3)
    c = torch.randn(32, 2)

    def fit(flow, context=True, steps=2, sample=True):
        opt = torch.optim.AdamW(flow.parameters(), lr=1e-3)
        for _ in range(steps):
            loss = -(flow(c).log_prob(x) if context else flow().log_prob(x)).mean()
            loss.backward()
            opt.step()
            opt.zero_grad()
        if sample:
            with torch.no_grad():
                dist = flow(c[:4]) if context else flow()
                z = dist.sample((2,))
                dist.rsample_and_log_prob((2,)) if hasattr(dist, "rsample_and_log_prob") else None
                return z

    def autoregressive():
        fit(zuko.flows.MAF(3, 2, transforms=2, hidden_features=(16, 16)))
        fit(zuko.flows.MAF(3, 0, transforms=2, randperm=True, passes=2, residual=True), context=False)
        fit(zuko.flows.NSF(3, 2, transforms=2, bins=4, hidden_features=(16,)))
        fit(zuko.flows.NCSF(3, 2, transforms=2, bins=4, hidden_features=(16,)),
            sample=True)
        fit(zuko.flows.SOSPF(3, 2, transforms=2, degree=2, polynomials=2, hidden_features=(16,)), sample=False)
        fit(zuko.flows.BPF(3, 2, transforms=2, degree=4, hidden_features=(16,)), sample=False)

    def coupling_and_elementwise():
        fit(zuko.flows.RealNVP(3, 2, transforms=2, hidden_features=(16,)))
        fit(zuko.flows.NICE(3, 0, transforms=2, hidden_features=(16,)), context=False)
        fit(zuko.flows.GF(3, 2, transforms=2, components=4, hidden_features=(16,)), sample=False)
        flow = zuko.flows.Flow(
            transform=[zuko.flows.GeneralCouplingTransform(3, 2, hidden_features=(16,)),
                       zuko.lazy.UnconditionalTransform(T.RotationTransform, torch.randn(3, 3)),
                       zuko.lazy.UnconditionalTransform(T.LULinearTransform, torch.eye(3), buffer=True),
                       zuko.lazy.UnconditionalTransform(T.PermutationTransform, torch.randperm(3), buffer=True)],
            base=zuko.lazy.UnconditionalDistribution(D.DiagNormal, torch.zeros(3), torch.ones(3), buffer=True))
        fit(flow)
        inverse = zuko.lazy.LazyInverse(zuko.flows.MaskedAutoregressiveTransform(3, 2, hidden_features=(16,)))
        t = inverse(c[:4])
        t(x[:4]), t.inv(x[:4]), t.call_and_ladj(x[:4])

    def neural_and_continuous():
        fit(zuko.flows.NAF(3, 2, transforms=1, signal=4, network={"hidden_features": (8,)},
                           hidden_features=(16,)), steps=1, sample=False)
        fit(zuko.flows.UNAF(3, 2, transforms=1, signal=4, network={"hidden_features": (8,)},
                            hidden_features=(16,)), steps=1, sample=False)
        cnf = zuko.flows.CNF(3, 2, hidden_features=(16,), atol=1e-3, rtol=1e-3)
        fit(cnf, steps=1, sample=False)
        cnf.transform.exact = False
        with torch.no_grad():
            cnf(c[:4]).log_prob(x[:4])
        gmm = zuko.mixtures.GMM(3, 2, components=3, hidden_features=(16,))
        fit(gmm)
        xg = torch.cat([torch.randn(64, 3) - 3, torch.randn(64, 3), torch.randn(64, 3) + 3])
        for cov, tied, how in (("full", False, "kmeans++"), ("diagonal", True, "kmeans"),
                               ("spherical", False, "random")):
            g = zuko.mixtures.GMM(3, components=3, covariance_type=cov, tied=tied)
            g.initialize(xg, strategy=how)
            fit(g, context=False)

    def transforms_distributions():
        y = torch.rand(8, 3)
        pairs = [T.CosTransform(), T.SinTransform(), T.SoftclipTransform(4.0), T.CircularShiftTransform(3.0),
                 T.SignedPowerTransform(torch.tensor(2.0)), T.AdditiveTransform(torch.randn(3)),
                 T.MonotonicAffineTransform(torch.randn(3), torch.randn(3)),
                 T.MonotonicRQSTransform(torch.randn(3, 4), torch.randn(3, 4), torch.randn(3, 3)),
                 T.BernsteinTransform(torch.randn(3, 6)), T.BoundedBernsteinTransform(torch.randn(3, 6)),
                 T.GaussianizationTransform(torch.randn(3, 4), torch.randn(3, 4)),
                 T.SOSPolynomialTransform(torch.randn(3, 2, 3), torch.randn(3)),
                 T.PermutationTransform(torch.randperm(3)), T.RotationTransform(torch.randn(3, 3)),
                 T.LULinearTransform(torch.eye(3) + 0.1 * torch.randn(3, 3))]
        for t in pairs:
            u = t(y)
            t.inv(u)
            t.log_abs_det_jacobian(y, u)
            t.call_and_ladj(y)
        composed = T.ComposedTransform(*pairs[6:8], T.DependentTransform(T.MonotonicAffineTransform(
            torch.randn(3), torch.randn(3)), 1))
        composed.call_and_ladj(y)
        composed.inv(composed(y))
        flow = D.NormalizingFlow(composed, D.DiagNormal(torch.zeros(3), torch.ones(3)))
        flow.rsample_and_log_prob((4,))
        flow.log_prob(y)
        dists = [D.DiagNormal(torch.zeros(3), torch.ones(3)), D.BoxUniform(-torch.ones(3), torch.ones(3)),
                 D.GeneralizedNormal(torch.tensor([2.0, 3.0])),
                 D.Joint(torch.distributions.Normal(0.0, 1.0), torch.distributions.Uniform(0.0, 1.0)),
                 D.Mixture(torch.distributions.Normal(torch.zeros(2), torch.ones(2)), torch.zeros(2)),
                 D.Truncated(torch.distributions.Normal(0.0, 1.0), -1.0, 1.0),
                 D.Sort(torch.distributions.Normal(0.0, 1.0), 3), D.TopK(torch.distributions.Normal(0.0, 1.0), 2, 4),
                 D.Minimum(torch.distributions.Normal(0.0, 1.0), 3), D.Maximum(torch.distributions.Normal(0.0, 1.0), 3),
                 D.TransformedUniform(T.SoftclipTransform(), -torch.ones(2), torch.ones(2))]
        for d in dists:
            s = d.rsample((5,)) if d.has_rsample else d.sample((5,))
            d.log_prob(s)
        # Bayesian wrapper: posterior samples, reparameterisation (global and local trick), KL term
        net = torch.nn.Sequential(torch.nn.Linear(3, 8), torch.nn.ReLU(), torch.nn.Linear(8, 1))
        bnet = zuko.bayesian.BayesianModel(net, include_params=["0.weight", "2.**"])
        bnet.sample_model()(x)
        posterior = [*bnet.means.parameters(), *bnet.logvars.parameters()]
        with bnet.reparameterize() as model:
            loss = model(x).pow(2).mean() + 1e-3 * bnet.kl_divergence()
        _train_step(None, loss, params=posterior)
        with bnet.reparameterize(local_trick=True) as model:
            loss = model(x).pow(2).mean()
        _train_step(None, loss, params=posterior)
        zuko.utils.bisection(lambda v: v ** 3, torch.rand(4), -2.0, 2.0, n=10)
        zuko.utils.gauss_legendre(lambda v: v.exp(), torch.zeros(3), torch.ones(3), n=4)
        zuko.utils.odeint(lambda t, v: -v, torch.ones(3), 0.0, 1.0, atol=1e-3, rtol=1e-3)
        res = zuko.nn.MLP(3, 2, hidden_features=(8, 8), normalize=True, stack=2)
        mono = zuko.nn.MonotonicMLP(3, 1, hidden_features=(8,))
        masked = zuko.nn.MaskedMLP(torch.tril(torch.ones(3, 3, dtype=bool)), hidden_features=(8,), residual=True)
        _train_step(None, res(x[:, None].expand(-1, 2, -1)).sum() + mono(x).sum() + masked(x).sum(),
                    params=[*res.parameters(), *mono.parameters(), *masked.parameters()])

    return {"autoregressive-flows": autoregressive, "coupling-general-flows": coupling_and_elementwise,
            "neural-continuous-mixtures": neural_and_continuous,
            "transforms-distributions-bayesian": transforms_distributions}



# ---- third fresh held-out set (run.py --fresh3): never used to tune the scanner ---------------

def snntorch_scenarios():
    import torch
    import snntorch as snn
    from snntorch import spikegen, surrogate, utils
    from snntorch import functional as SF
    from snntorch.functional import quant

    T, B, n_in, n_hid, n_cls = 6, 8, 12, 16, 4
    x = torch.rand(B, n_in)
    targets = torch.arange(B) % n_cls

    def run_seq(net, inp):
        utils.reset(net)
        spk_rec, mem_rec = [], []
        for step in range(inp.size(0)):
            out = net(inp[step])
            spk_rec.append(out[0])
            mem_rec.append(out[-1])
        return torch.stack(spk_rec), torch.stack(mem_rec)

    def feedforward_neurons():
        snn.SpikingNeuron.init()
        data = spikegen.rate(x, num_steps=T)
        grads = [surrogate.atan(), surrogate.fast_sigmoid(slope=25), surrogate.sigmoid(),
                 surrogate.triangular(), surrogate.straight_through_estimator(), surrogate.spike_rate_escape(),
                 surrogate.SFS(), surrogate.SSO(), surrogate.heaviside(),
                 surrogate.custom_surrogate(lambda input_, grad_input, spikes: grad_input)]
        neurons = [lambda g: snn.Leaky(beta=0.9, spike_grad=g, init_hidden=True, output=True, learn_beta=True),
                   lambda g: snn.Leaky(beta=0.8, spike_grad=g, init_hidden=True, output=True, reset_mechanism="zero",
                                       learn_threshold=True, graded_spikes_factor=0.5,
                                       learn_graded_spikes_factor=True),
                   lambda g: snn.Synaptic(alpha=0.9, beta=0.8, spike_grad=g, init_hidden=True, output=True,
                                          learn_alpha=True, learn_beta=True),
                   lambda g: snn.Alpha(alpha=0.9, beta=0.8, spike_grad=g, init_hidden=True, output=True),
                   lambda g: snn.Lapicque(R=5.1, C=5e-3, time_step=1e-3, spike_grad=g, init_hidden=True,
                                          output=True),
                   lambda g: snn.Leaky(beta=0.9, spike_grad=g, init_hidden=True, output=True, inhibition=True,
                                       reset_mechanism="none", state_quant=quant.state_quant(num_bits=4)),
                   lambda g: snn.Synaptic(alpha=0.5, beta=0.7, spike_grad=g, init_hidden=True, output=True,
                                          reset_mechanism="zero", reset_delay=False),
                   lambda g: snn.Lapicque(beta=0.9, spike_grad=g, init_hidden=True, output=True,
                                          reset_mechanism="zero"),
                   lambda g: snn.Alpha(alpha=0.8, beta=0.6, spike_grad=g, init_hidden=True, output=True,
                                       reset_mechanism="subtract", learn_threshold=True),
                   lambda g: snn.Leaky(beta=torch.full((n_cls,), 0.9), spike_grad=g, init_hidden=True, output=True,
                                       reset_delay=False)]
        for i, make in enumerate(neurons):
            lif = make(grads[i % len(grads)])
            net = torch.nn.Sequential(torch.nn.Linear(n_in, n_cls), lif)
            spk, mem = run_seq(net, data)
            loss = SF.ce_rate_loss()(spk, targets) + SF.mse_membrane_loss()(mem, targets)
            _train_step(net, loss)
            SF.accuracy_rate(spk, targets)
        # explicit state passing (no init_hidden)
        fc = torch.nn.Linear(n_in, n_hid)
        lif, syn_n, alpha_n, lap = (snn.Leaky(beta=0.9), snn.Synaptic(alpha=0.9, beta=0.8),
                                     snn.Alpha(alpha=0.9, beta=0.8), snn.Lapicque(beta=0.9))
        mem = lif.reset_mem() if hasattr(lif, "reset_mem") else None
        mem = lif.init_leaky()
        syn, mem2 = syn_n.init_synaptic()
        se, si, mem3 = alpha_n.init_alpha()
        mem4 = lap.init_lapicque()
        total = 0
        for step in range(T):
            cur = fc(data[step])
            s1, mem = lif(cur, mem)
            s2, syn, mem2 = syn_n(cur, syn, mem2)
            s3, se, si, mem3 = alpha_n(cur, se, si, mem3)
            s4, mem4 = lap(cur, mem4)
            total = total + s1.sum() + s2.sum() + s3.sum() + s4.sum() + mem.sum()
        _train_step(fc, total)
        delta = snn.DeltaLeaky(beta=0.9, delta_threshold=0.1, init_hidden=True)
        delta2 = snn.DeltaLeaky(beta=0.9, delta_threshold=0.1)
        state = delta2.reset_mem()
        for step in range(T):
            delta(fc(data[step]).detach())
            _, state = delta2(fc(data[step]).detach(), state)
        snn.SpikingNeuron.init()  # the class-wide registry utils.reset walks

    def recurrent_and_lstm():
        snn.SpikingNeuron.init()
        data = spikegen.latency(x, num_steps=T, tau=5, threshold=0.01, normalize=True, linear=True)
        nets = [snn.RLeaky(beta=0.9, linear_features=n_cls, init_hidden=True, output=True),
                snn.RLeaky(beta=0.9, all_to_all=False, V=0.5, init_hidden=True, output=True, learn_recurrent=True),
                snn.RSynaptic(alpha=0.9, beta=0.8, linear_features=n_cls, init_hidden=True, output=True,
                              learn_alpha=True),
                snn.RSynaptic(alpha=0.9, beta=0.8, all_to_all=False, init_hidden=True, output=True,
                              reset_mechanism="zero"),
                snn.SLSTM(n_cls, n_cls, init_hidden=True, output=True)]
        for neuron in nets:
            net = torch.nn.Sequential(torch.nn.Linear(n_in, n_cls), neuron)
            out = run_seq(net, data)
            spk, mem = out[0], out[-1]
            loss = SF.ce_count_loss()(spk, targets) + SF.ce_max_membrane_loss()(mem, targets)
            _train_step(net, loss)
        # explicit states
        rl = snn.RLeaky(beta=0.9, linear_features=n_cls)
        rs = snn.RSynaptic(alpha=0.9, beta=0.8, linear_features=n_cls)
        sl = snn.SLSTM(n_in, n_cls)
        fc = torch.nn.Linear(n_in, n_cls)
        spk1, mem1 = rl.init_rleaky()
        spk2, syn2, mem2 = rs.init_rsynaptic()
        syn3, mem3 = sl.init_slstm()
        total = 0
        for step in range(T):
            cur = fc(data[step])
            spk1, mem1 = rl(cur, spk1, mem1)
            spk2, syn2, mem2 = rs(cur, spk2, syn2, mem2)
            spk3, syn3, mem3 = sl(data[step], syn3, mem3)
            total = total + spk1.sum() + spk2.sum() + spk3.sum() + mem3.sum()
        _train_step(None, total, params=[*fc.parameters(), *rl.parameters(), *rs.parameters(), *sl.parameters()])
        # convolutional
        img = torch.rand(T, 2, 1, 8, 8)
        conv_lstm = snn.SConv2dLSTM(1, 4, 3, max_pool=2, init_hidden=True, output=True)
        rconv = snn.RLeaky(beta=0.9, conv2d_channels=4, kernel_size=3, init_hidden=True, output=True)
        net = torch.nn.Sequential(conv_lstm)
        utils.reset(net)
        spk_sum = 0
        for step in range(T):
            spk, syn, mem = conv_lstm(img[step])
            s2, m2 = rconv(mem)
            spk_sum = spk_sum + spk.sum() + s2.sum() + mem.pow(2).mean()
        _train_step(None, spk_sum, params=[*conv_lstm.parameters(), *rconv.parameters()])
        avg = snn.SConv2dLSTM(1, 4, 3, avg_pool=2)
        syn, mem = avg.init_sconv2dlstm()
        for step in range(2):
            spk, syn, mem = avg(img[step], syn, mem)

    def parallel_and_stateful():
        snn.SpikingNeuron.init()
        seq = torch.rand(T, B, n_in)
        for layer in (snn.LeakyParallel(n_in, n_cls, beta=0.9, learn_beta=True),
                      snn.LeakyParallel(n_in, n_cls, learn_threshold=True, weight_hh_enable=True, dropout=0.1,
                                        learn_graded_spikes_factor=True)):
            spk = layer(seq)
            _train_step(layer, SF.mse_count_loss(correct_rate=0.8, incorrect_rate=0.2)(spk, targets))
        st = snn.StateLeaky(beta=0.9, channels=n_in, learn_beta=True, output=True)
        spk, mem = st(seq)
        _train_step(st, spk.sum() + mem.pow(2).mean())
        st2 = snn.StateLeaky(beta=torch.full((n_in,), 0.8), channels=n_in, learn_threshold=True, output=False,
                             kernel_truncation_steps=3)
        pre = torch.nn.Linear(n_in, n_in)
        _train_step(None, st2(pre(seq)).pow(2).mean(), params=[*pre.parameters(), *st2.parameters()])
        ll = snn.LinearLeaky(beta=0.9, in_features=n_in, out_features=n_cls, learn_beta=True)
        out = ll(seq)
        spk = out[0] if isinstance(out, tuple) else out
        _train_step(ll, spk.sum() + (out[1].pow(2).mean() if isinstance(out, tuple) else 0))
        assoc = snn.AssociativeLeaky.from_num_spiking_neurons(in_dim=n_in, num_spiking_neurons=16)
        _train_step(assoc, assoc(seq).pow(2).mean())
        assoc2 = snn.AssociativeLeaky(in_dim=n_in, d_value=4, d_key=4, num_spiking_neurons=16,
                                      use_q_projection=False)
        _train_step(assoc2, assoc2(seq).pow(2).mean())
        # batch norm through time, graded spikes
        bntt = snn.BatchNormTT1d(n_in, T)
        graded = snn.GradedSpikes(size=n_in, constant_factor=2.0)
        graded2 = snn.GradedSpikes(size=n_in, constant_factor=False)
        lif = snn.Leaky(beta=0.9, init_hidden=True)
        total = 0
        for step in range(T):
            total = total + graded(lif(bntt[step](seq[step])).T).sum() + graded2(seq[step].T).sum()
        _train_step(None, total, params=[*bntt.parameters(), *graded2.parameters()])
        bn2 = snn.BatchNormTT2d(3, T)
        bn2[0](torch.rand(2, 3, 4, 4))

    def encoding_losses_training():
        snn.SpikingNeuron.init()
        spikegen.rate(x, num_steps=T, gain=0.5, offset=0.1, first_spike_time=1)
        spikegen.rate(torch.rand(T, B, n_in), time_var_input=True)
        spikegen.latency(x, num_steps=T, threshold=0.05, clip=True, bypass=True)
        spikegen.latency(x, num_steps=T, linear=True, interpolate=True)
        spikegen.latency(x, tau=2, bypass=True)
        spikegen.delta(torch.rand(T, n_in), threshold=0.2, padding=True, off_spike=True)
        spikegen.delta(torch.rand(T, n_in), threshold=0.2)
        spikegen.rate_conv(x)
        spikegen.targets_convert(targets, num_classes=n_cls, code="rate", num_steps=T)
        spikegen.targets_convert(targets, num_classes=n_cls, code="latency", num_steps=T, linear=True,
                                 normalize=True)
        spikegen.targets_rate(targets, num_classes=n_cls, num_steps=T, first_spike_time=1)
        spikegen.targets_rate(targets, num_classes=n_cls)
        spikegen.target_rate_code(num_steps=T, rate=0.5, firing_pattern="regular")
        spikegen.rate_interpolate(torch.tensor([0.0, 4.0]), num_steps=T)
        spikegen.latency_interpolate(torch.tensor([1.0, 3.0]), num_steps=T)
        spikegen.targets_latency(targets, num_classes=n_cls, num_steps=T, interpolate=True, normalize=True)
        spikegen.targets_latency(targets, num_classes=n_cls, num_steps=T, linear=True, normalize=True)
        oh = spikegen.to_one_hot(targets, n_cls)
        spikegen.from_one_hot(oh[0])
        spikegen.to_one_hot_inverse(oh)
        # temporal and population-coded losses over a two-layer net
        fc1, fc2 = torch.nn.Linear(n_in, n_hid), torch.nn.Linear(n_hid, 2 * n_cls)
        net = torch.nn.Sequential(fc1, snn.Leaky(beta=0.9, init_hidden=True),
                                  fc2, snn.Leaky(beta=0.9, init_hidden=True, output=True))
        data = spikegen.rate(x, num_steps=T)
        spk, mem = run_seq(net, data)
        loss = (SF.mse_temporal_loss()(spk, targets) + SF.ce_temporal_loss()(spk, targets)
                + SF.ce_temporal_loss(inverse="reciprocal")(spk, targets)
                + SF.ce_rate_loss(population_code=True, num_classes=n_cls, weight=[1.0, 0.5])(spk, targets)
                + SF.ce_count_loss(population_code=True, num_classes=n_cls)(spk, targets)
                + SF.mse_count_loss(population_code=True, num_classes=n_cls)(spk, targets)
                + SF.mse_membrane_loss(on_target=1.0, off_target=0.1, reduction="sum")(mem[:, :, :n_cls], targets)
                + SF.ce_rate_loss(weight=torch.ones(2 * n_cls))(spk, targets)
                + SF.l1_rate_sparsity()(spk))
        _train_step(net, loss)
        SF.accuracy_rate(spk, targets, population_code=True, num_classes=n_cls)
        SF.accuracy_temporal(spk, targets)
        # the deprecated training loops
        from snntorch import backprop
        lif1 = snn.Leaky(beta=0.9, init_hidden=True)
        lif2 = snn.Leaky(beta=0.9, init_hidden=True, output=True)
        net = torch.nn.Sequential(torch.nn.Linear(n_in, n_hid), lif1, torch.nn.Linear(n_hid, n_cls), lif2)
        loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(x, targets), batch_size=4)
        opt = torch.optim.Adam(net.parameters(), lr=1e-3)
        backprop.BPTT(net, loader, opt, SF.mse_count_loss(), num_steps=T, time_var=False,
                      regularization=SF.l1_rate_sparsity())
        backprop.TBPTT(net, loader, opt, SF.ce_rate_loss(), num_steps=T, time_var=False, K=2)
        backprop.RTRL(net, loader, opt, SF.ce_rate_loss(), num_steps=T, time_var=False)
        seq_loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.rand(B, T, n_in), targets),
                                                 batch_size=4)
        backprop.BPTT(net, seq_loader, opt, SF.mse_count_loss(), time_var=True, time_first=False)

    def probes_stdp_quant():
        snn.SpikingNeuron.init()
        from snntorch.functional import probe, stdp_learner
        fc = torch.nn.Linear(n_in, n_cls, bias=False)
        lif = snn.Leaky(beta=0.9, init_hidden=True)
        net = torch.nn.Sequential(fc, lif)
        out_mon = probe.OutputMonitor(net, instance=snn.Leaky)
        in_mon = probe.InputMonitor(net, instance=torch.nn.Linear)
        attr_mon = probe.AttributeMonitor("mem", pre_forward=False, net=net, instance=snn.Leaky)
        gin = probe.GradInputMonitor(net, instance=torch.nn.Linear)
        gout = probe.GradOutputMonitor(net, instance=torch.nn.Linear)
        learner = stdp_learner.STDPLearner(fc, lif, tau_pre=2.0, tau_post=2.0)
        utils.reset(net)
        data = spikegen.rate(x, num_steps=T)
        total = 0
        for step in range(T):
            total = total + net(data[step]).sum()
        _train_step(net, total)
        learner.step(on_grad=True)
        len(out_mon.records), out_mon[0], attr_mon.records, in_mon.records
        for m in (out_mon, in_mon, attr_mon, gin, gout):
            m.clear_recorded_data()
            m.disable()
            m.enable()
            m.remove_hooks()
        conv = torch.nn.Conv2d(1, 2, 3, padding=1, bias=False)
        conv_lif = snn.Leaky(beta=0.9, init_hidden=True)
        net2 = torch.nn.Sequential(conv, conv_lif)
        learner2 = stdp_learner.STDPLearner(conv, conv_lif, tau_pre=2.0, tau_post=2.0)
        for step in range(3):
            net2(torch.rand(2, 1, 6, 6).bernoulli())
        learner2.step(on_grad=False, scale=0.5)
        conv1 = torch.nn.Conv1d(1, 2, 3, padding=1, bias=False)
        conv1_lif = snn.Leaky(beta=0.9, init_hidden=True)
        net3 = torch.nn.Sequential(conv1, conv1_lif)
        learner3 = stdp_learner.STDPLearner(conv1, conv1_lif, tau_pre=2.0, tau_post=2.0)
        for step in range(3):
            net3(torch.rand(2, 1, 6).bernoulli())
        learner3.step(on_grad=True)
        pre, post = torch.rand(B, n_in).bernoulli(), torch.rand(B, n_cls).bernoulli()
        stdp_learner.mstdp_linear_single_step(fc, pre, post, None, None, 2.0, 2.0)
        stdp_learner.mstdpet_linear_single_step(fc, pre[0], post[0], None, None, 2.0, 2.0, 2.0)
        for kw in ({"uniform": True}, {"uniform": False, "thr_centered": False}, {"multiplier": 2, "uniform": False}):
            q = quant.state_quant(num_bits=3, threshold=1.0, **kw)
            q(torch.randn(B, n_in))
        class Images(torch.utils.data.Dataset):  # the torchvision-dataset layout data_subset expects
            data, targets = torch.rand(12, 4, 4), torch.arange(12) % 3

            def __len__(self):
                return len(self.data)

        utils.data_subset(Images(), 3, idx=1)
        utils.valid_split(Images(), Images(), 0.25)

    return {"feedforward-neurons": feedforward_neurons, "recurrent-lstm-conv": recurrent_and_lstm,
            "parallel-stateful-bntt": parallel_and_stateful, "encoding-losses-bptt": encoding_losses_training,
            "probes-stdp-quant": probes_stdp_quant}


def stable_baselines3_scenarios():
    import tempfile

    import gymnasium as gym
    import numpy as np
    import torch
    from stable_baselines3 import A2C, DDPG, DQN, PPO, SAC, TD3, HerReplayBuffer
    from stable_baselines3.common import distributions as D, preprocessing, utils as U
    from stable_baselines3.common.callbacks import CallbackList, CheckpointCallback, EvalCallback
    from stable_baselines3.common.env_util import make_vec_env
    from stable_baselines3.common.envs import (BitFlippingEnv, FakeImageEnv, IdentityEnvBox, IdentityEnvMultiBinary,
                                               IdentityEnvMultiDiscrete, SimpleMultiObsEnv)
    from stable_baselines3.common.evaluation import evaluate_policy
    from stable_baselines3.common.noise import NormalActionNoise, OrnsteinUhlenbeckActionNoise
    from stable_baselines3.common.running_mean_std import RunningMeanStd
    from stable_baselines3.common.vec_env import DummyVecEnv, VecCheckNan, VecFrameStack, VecMonitor, VecNormalize

    def small():  # a fresh dict each time: the algorithms add their own keys to policy_kwargs
        return {"net_arch": [16, 16]}
    common = {"seed": 0, "device": "cpu", "verbose": 0}

    def use(model, env, steps=64, episodes=1, relearn=True, evaluate=True):
        model.learn(total_timesteps=steps)
        obs = env.reset() if hasattr(env, "num_envs") else env.reset(seed=0)[0]
        model.predict(obs, deterministic=True)
        model.predict(obs, deterministic=False)
        if evaluate:
            evaluate_policy(model, model.get_env(), n_eval_episodes=episodes, warn=False)
        with tempfile.TemporaryDirectory() as tmp:
            path = f"{tmp}/model.zip"
            model.save(path)
            loaded = type(model).load(path, env=model.get_env(), device="cpu")
            if relearn:  # a HER buffer is not saved with the model: nothing to sample until an episode ends
                loaded.learn(total_timesteps=steps // 2, reset_num_timesteps=False)
        return model

    def on_policy():
        cart = gym.make("CartPole-v1", max_episode_steps=40)
        model = PPO("MlpPolicy", cart, n_steps=32, batch_size=16, n_epochs=2, policy_kwargs=small(),
                    clip_range_vf=0.2, target_kl=0.5, **common)
        use(model, cart)
        obs = torch.as_tensor(np.stack([cart.observation_space.sample() for _ in range(4)]))
        policy = model.policy
        policy.evaluate_actions(obs, torch.tensor([0, 1, 0, 1]))
        policy.predict_values(obs)
        policy.get_distribution(obs).entropy()
        policy.set_training_mode(False)
        pend = make_vec_env("Pendulum-v1", n_envs=2, seed=0)
        pend = VecNormalize(VecFrameStack(VecMonitor(pend), n_stack=2), gamma=0.9)
        use(PPO("MlpPolicy", pend, n_steps=16, batch_size=16, n_epochs=1, use_sde=True, sde_sample_freq=4,
                policy_kwargs={"net_arch": {"pi": [16], "vf": [16]}, "log_std_init": -1.0,
                               "ortho_init": False, "activation_fn": torch.nn.ReLU}, **common), pend)
        pend.normalize_obs(pend.get_original_obs()), pend.get_original_reward()
        use(A2C("MlpPolicy", cart, n_steps=8, policy_kwargs=small(), normalize_advantage=True, **common), cart)
        pend1 = gym.make("Pendulum-v1", max_episode_steps=40)
        use(A2C("MlpPolicy", pend1, n_steps=8, use_rms_prop=False, use_sde=True, gae_lambda=0.9,
                policy_kwargs={"net_arch": [16], "full_std": False, "squash_output": True}, **common), pend1)
        for env in (IdentityEnvMultiDiscrete(dim=3, ep_length=20), IdentityEnvMultiBinary(dim=3, ep_length=20),
                    IdentityEnvBox(ep_length=20)):
            use(PPO("MlpPolicy", env, n_steps=16, batch_size=8, n_epochs=1, policy_kwargs=small(), **common), env,
                steps=32)

    def off_policy():
        cart = gym.make("CartPole-v1", max_episode_steps=40)
        use(DQN("MlpPolicy", cart, learning_starts=16, train_freq=4, gradient_steps=2, target_update_interval=16,
                buffer_size=200, batch_size=16, exploration_fraction=0.5, max_grad_norm=5.0,
                policy_kwargs=small(), **common), cart, steps=64)
        pend = gym.make("Pendulum-v1", max_episode_steps=40)
        use(SAC("MlpPolicy", pend, learning_starts=16, batch_size=16, buffer_size=200, ent_coef="auto",
                use_sde=True, train_freq=8, gradient_steps=2,
                policy_kwargs={"net_arch": {"pi": [16], "qf": [16]}, "n_critics": 3, "log_std_init": -2,
                               "use_expln": True}, **common), pend)
        use(SAC("MlpPolicy", pend, learning_starts=16, batch_size=16, buffer_size=200, ent_coef=0.1,
                target_update_interval=2, train_freq=(1, "episode"),
                policy_kwargs={"net_arch": [16], "share_features_extractor": True},
                **common), pend, steps=48)
        n_act = pend.action_space.shape[0]
        use(TD3("MlpPolicy", pend, learning_starts=16, batch_size=16, buffer_size=200, policy_delay=2,
                action_noise=NormalActionNoise(np.zeros(n_act), 0.1 * np.ones(n_act)), target_policy_noise=0.1,
                policy_kwargs=small(), **common), pend)
        venv = make_vec_env("Pendulum-v1", n_envs=2, seed=1)
        use(DDPG("MlpPolicy", venv, learning_starts=16, batch_size=16, buffer_size=200, train_freq=4,
                 gradient_steps=1, action_noise=OrnsteinUhlenbeckActionNoise(np.zeros(n_act), 0.1 * np.ones(n_act)),
                 policy_kwargs=small(), **common), venv, steps=96)
        # a memory-optimised replay buffer, evaluation and checkpoint callbacks
        with tempfile.TemporaryDirectory() as tmp:
            eval_env = DummyVecEnv([lambda: gym.make("CartPole-v1", max_episode_steps=20)])
            callbacks = CallbackList([EvalCallback(eval_env, n_eval_episodes=1, eval_freq=16, log_path=tmp,
                                                   best_model_save_path=tmp, verbose=0),
                                      CheckpointCallback(save_freq=32, save_path=tmp, save_replay_buffer=True)])
            DQN("MlpPolicy", VecCheckNan(DummyVecEnv([lambda: gym.make("CartPole-v1", max_episode_steps=40)])),
                learning_starts=8, buffer_size=100, batch_size=8, optimize_memory_usage=True,
                replay_buffer_kwargs={"handle_timeout_termination": False}, policy_kwargs=small(),
                **common).learn(48, callback=callbacks)

    def her_dict_images():
        bits = BitFlippingEnv(n_bits=4, continuous=True, max_steps=4)
        use(SAC("MultiInputPolicy", bits, learning_starts=16, batch_size=16, buffer_size=200,
                replay_buffer_class=HerReplayBuffer,
                replay_buffer_kwargs={"n_sampled_goal": 2, "goal_selection_strategy": "future"},
                policy_kwargs=small(), **common), bits, steps=48, relearn=False)
        bits_d = BitFlippingEnv(n_bits=4, max_steps=4)
        use(DQN("MultiInputPolicy", bits_d, learning_starts=16, batch_size=16, buffer_size=200,
                replay_buffer_class=HerReplayBuffer,
                replay_buffer_kwargs={"n_sampled_goal": 2, "goal_selection_strategy": "episode"},
                policy_kwargs=small(), **common), bits_d, steps=48, relearn=False)
        multi = SimpleMultiObsEnv(random_start=False)
        use(PPO("MultiInputPolicy", multi, n_steps=16, batch_size=8, n_epochs=1, **common), multi, steps=32,
            evaluate=False)
        multi_c = SimpleMultiObsEnv(random_start=False, discrete_actions=False)
        use(TD3("MultiInputPolicy", multi_c, learning_starts=8, batch_size=8, buffer_size=100,
                policy_kwargs={"net_arch": [16], "normalize_images": False}, **common), multi_c, steps=12,
            evaluate=False, relearn=False)
        img = FakeImageEnv(action_dim=3, screen_height=36, screen_width=36, n_channels=1)
        use(DQN("CnnPolicy", img, learning_starts=8, batch_size=8, buffer_size=64, **common), img, steps=24)
        img_c = FakeImageEnv(action_dim=2, screen_height=36, screen_width=36, n_channels=3, discrete=False,
                             channel_first=True)
        use(A2C("CnnPolicy", img_c, n_steps=8, policy_kwargs={"features_extractor_kwargs": {"features_dim": 32}},
                **common), img_c, steps=16)

    def components():
        x = torch.randn(6, 3)
        for space in (gym.spaces.Box(-1, 1, (2,)), gym.spaces.Discrete(3), gym.spaces.MultiDiscrete([2, 3]),
                      gym.spaces.MultiBinary(4)):
            dist = D.make_proba_distribution(space)
            out = dist.proba_distribution_net(latent_dim=3)
            net, extra = (out[0], out[1:]) if isinstance(out, tuple) else (out, ())
            params = net(x)
            dist = dist.proba_distribution(params, extra[0]) if extra else dist.proba_distribution(params)
            a = dist.sample()
            (dist.log_prob(a).sum() + dist.entropy().sum()).backward()
            dist.mode(), dist.actions_from_params(params.detach(), *[e.detach() for e in extra]) if extra else \
                dist.log_prob_from_params(params.detach())
            D.kl_divergence(dist, dist)
        sq = D.SquashedDiagGaussianDistribution(2)
        mean, log_std = torch.randn(6, 2, requires_grad=True), torch.zeros(2, requires_grad=True)
        act, logp = sq.log_prob_from_params(mean, log_std)
        (logp.sum() + act.sum()).backward()
        sde = D.StateDependentNoiseDistribution(2, squash_output=True, learn_features=True)
        mu_net, log_std = sde.proba_distribution_net(latent_dim=3, log_std_init=-1.0)
        sde.sample_weights(log_std, batch_size=6)
        d = sde.proba_distribution(mu_net(x), log_std, x)
        a = d.sample()
        (d.log_prob(a).sum() + d.get_std(log_std).sum()).backward()
        d.mode(), d.entropy()
        bij = D.TanhBijector()
        bij.inverse(torch.tanh(x).clamp(-0.99, 0.99)), bij.log_prob_correction(x)
        D.TanhBijector.atanh(torch.rand(3) * 0.5)
        for space in (gym.spaces.Box(0, 255, (3, 8, 8), np.uint8), gym.spaces.Discrete(4),
                      gym.spaces.MultiDiscrete([2, 3]), gym.spaces.MultiBinary(3)):
            obs = torch.as_tensor(np.stack([space.sample() for _ in range(2)]))
            preprocessing.preprocess_obs(obs, space)
            preprocessing.get_obs_shape(space), preprocessing.get_flattened_obs_dim(space)
        preprocessing.is_image_space(gym.spaces.Box(0, 255, (8, 8, 3), np.uint8))
        rms = RunningMeanStd(shape=(3,))
        rms.update(np.random.default_rng(0).normal(size=(5, 3)))
        src, dst = torch.nn.Linear(3, 3), torch.nn.Linear(3, 3)
        U.polyak_update(src.parameters(), dst.parameters(), 0.5)
        U.explained_variance(np.arange(5.0), np.arange(5.0) + 0.1)
        U.get_linear_fn(1.0, 0.1, 0.5)(0.3), U.get_schedule_fn(0.1)(0.5)
        U.obs_as_tensor({"a": np.zeros(3)}, "cpu"), U.get_device("auto"), U.set_random_seed(0)
        U.zip_strict([1, 2], [3, 4]), U.get_parameters_by_name(torch.nn.BatchNorm1d(3), ["running"])
        U.should_collect_more_steps(U.TrainFreq(4, U.TrainFrequencyUnit.STEP), 2, 1)

    return {"on-policy-ppo-a2c": on_policy, "off-policy-dqn-sac-td3-ddpg": off_policy,
            "her-dict-image-policies": her_dict_images, "distributions-preprocessing-utils": components}


def botorch_scenarios():
    import torch
    from botorch import acquisition as A, fit_gpytorch_mll
    from botorch.models import AffineFidelityCostModel, KroneckerMultiTaskGP, ModelListGP, MultiTaskGP, SingleTaskGP
    from botorch.models.transforms import Normalize, Standardize
    from botorch.optim import optimize_acqf
    from botorch.sampling import IIDNormalSampler, SobolQMCNormalSampler
    from gpytorch.mlls import ExactMarginalLogLikelihood, SumMarginalLogLikelihood

    tkw = {"dtype": torch.double}
    fit_opts = {"optimizer_kwargs": {"options": {"maxiter": 4}}}
    acq_opts = {"num_restarts": 2, "raw_samples": 8, "options": {"maxiter": 3, "batch_limit": 2}}
    bounds = torch.stack([torch.zeros(2, **tkw), torch.ones(2, **tkw)])

    def branin_data(n=12):
        from botorch.test_functions import Branin
        from botorch.utils.sampling import draw_sobol_samples
        from botorch.utils.transforms import unnormalize
        f = Branin(negate=True).to(**tkw)
        x = draw_sobol_samples(bounds=bounds, n=n, q=1, seed=0).squeeze(1)
        return x, f(unnormalize(x, f.bounds)).unsqueeze(-1)

    def fit(model, mll_cls=ExactMarginalLogLikelihood):
        mll = mll_cls(model.likelihood, model)
        fit_gpytorch_mll(mll, **fit_opts)
        return model

    def single_task_loop():
        x, y = branin_data()
        for step in range(2):  # a small BO loop: fit, optimise an acquisition function, observe
            model = fit(SingleTaskGP(x, y, input_transform=Normalize(d=2), outcome_transform=Standardize(m=1)))
            best = y.max()
            for acqf in (A.ExpectedImprovement(model, best), A.LogExpectedImprovement(model, best),
                         A.UpperConfidenceBound(model, beta=0.2), A.ProbabilityOfImprovement(model, best),
                         A.PosteriorMean(model), A.PosteriorStandardDeviation(model)):
                cand, val = optimize_acqf(acqf, bounds=bounds, q=1, **acq_opts)
            q_acqfs = (A.qExpectedImprovement(model, best), A.qLogExpectedImprovement(model, best),
                       A.qNoisyExpectedImprovement(model, x, prune_baseline=True),
                       A.qLogNoisyExpectedImprovement(model, x, cache_root=True),
                       A.qUpperConfidenceBound(model, beta=0.2), A.qProbabilityOfImprovement(model, best),
                       A.qSimpleRegret(model), A.qLowerConfidenceBound(model, beta=0.2))
            for acqf in q_acqfs:
                cand, val = optimize_acqf(acqf, bounds=bounds, q=2, **acq_opts)
            cand, _ = optimize_acqf(A.qLogNoisyExpectedImprovement(model, x), bounds=bounds, q=2, sequential=True,
                                    **acq_opts)
            x = torch.cat([x, cand])
            y = torch.cat([y, -(cand ** 2).sum(-1, keepdim=True)])
        # noise level given, posterior draws, fantasies and conditioning
        fixed = fit(SingleTaskGP(x, y, train_Yvar=torch.full_like(y, 1e-3), outcome_transform=Standardize(m=1)))
        post = fixed.posterior(torch.rand(5, 2, **tkw), observation_noise=True)
        post.mean, post.variance, post.rsample(torch.Size([3]))
        fixed.fantasize(torch.rand(2, 2, **tkw), sampler=SobolQMCNormalSampler(torch.Size([2])))
        model.condition_on_observations(torch.rand(1, 2, **tkw), torch.rand(1, 1, **tkw))
        # knowledge gradient and max-value entropy, one-shot optimised
        kg = A.qKnowledgeGradient(model, num_fantasies=2)
        optimize_acqf(kg, bounds=bounds, q=1, num_restarts=2, raw_samples=8, options={"maxiter": 3})
        mes = A.qMaxValueEntropy(model, candidate_set=torch.rand(50, 2, **tkw), num_mv_samples=4)
        mes(torch.rand(3, 1, 2, **tkw))
        A.qLowerBoundMaxValueEntropy(model, candidate_set=torch.rand(50, 2, **tkw), num_mv_samples=4)(
            torch.rand(3, 1, 2, **tkw))

    def multi_objective():
        from botorch.acquisition.multi_objective import (qExpectedHypervolumeImprovement,
                                                         qLogExpectedHypervolumeImprovement,
                                                         qLogNoisyExpectedHypervolumeImprovement,
                                                         qNoisyExpectedHypervolumeImprovement)
        from botorch.acquisition.multi_objective.parego import qLogNParEGO
        from botorch.test_functions.multi_objective import BraninCurrin
        from botorch.utils.multi_objective import is_non_dominated
        from botorch.utils.multi_objective.box_decompositions import (DominatedPartitioning,
                                                                      FastNondominatedPartitioning,
                                                                      NondominatedPartitioning)
        from botorch.utils.multi_objective.hypervolume import Hypervolume
        from botorch.utils.sampling import draw_sobol_samples
        problem = BraninCurrin(negate=True).to(**tkw)
        x = draw_sobol_samples(bounds=problem.bounds, n=10, q=1, seed=1).squeeze(1)
        y = problem(x)
        ref = problem.ref_point
        models = [SingleTaskGP(x, y[:, i:i + 1], outcome_transform=Standardize(m=1)) for i in range(2)]
        model = ModelListGP(*models)
        fit(model, lambda lik, m: SumMarginalLogLikelihood(lik, m))
        pareto = y[is_non_dominated(y)]
        Hypervolume(ref).compute(pareto)
        part = FastNondominatedPartitioning(ref_point=ref, Y=y)
        NondominatedPartitioning(ref_point=ref, Y=y).get_hypercell_bounds()
        DominatedPartitioning(ref_point=ref, Y=y).compute_hypervolume()
        for acqf in (qExpectedHypervolumeImprovement(model, ref_point=ref.tolist(), partitioning=part),
                     qLogExpectedHypervolumeImprovement(model, ref_point=ref.tolist(), partitioning=part),
                     qNoisyExpectedHypervolumeImprovement(model, ref_point=ref.tolist(), X_baseline=x,
                                                          prune_baseline=True),
                     qLogNoisyExpectedHypervolumeImprovement(model, ref_point=ref.tolist(), X_baseline=x),
                     qLogNParEGO(model, X_baseline=x)):
            optimize_acqf(acqf, bounds=problem.bounds, q=1, **acq_opts)
        # a batched multi-output GP and a multi-task GP
        multi = fit(SingleTaskGP(x, y, outcome_transform=Standardize(m=2)))
        multi.posterior(torch.rand(4, 2, **tkw)).mean
        task = torch.cat([torch.zeros(6, 1, **tkw), torch.ones(6, 1, **tkw)])
        xt = torch.cat([torch.rand(12, 2, **tkw), task], dim=-1)
        mt = fit(MultiTaskGP(xt, torch.randn(12, 1, **tkw), task_feature=-1, output_tasks=[0, 1]))
        mt.posterior(torch.rand(4, 2, **tkw)).mean
        kron = fit(KroneckerMultiTaskGP(torch.rand(8, 2, **tkw), torch.randn(8, 2, **tkw)))
        kron.posterior(torch.rand(3, 2, **tkw)).rsample(torch.Size([2]))

    def models_transforms():
        from botorch.models import (HigherOrderGP, MixedSingleTaskGP, PairwiseGP, PairwiseLaplaceMarginalLogLikelihood,
                                    SingleTaskMultiFidelityGP, SingleTaskVariationalGP)
        from botorch.models.map_saas import AdditiveMapSaasSingleTaskGP, EnsembleMapSaasSingleTaskGP
        from botorch.models.transforms.input import ChainedInputTransform, InputPerturbation, Log10, Round, Warp
        from botorch.models.transforms.outcome import ChainedOutcomeTransform, Log, Power
        from botorch.optim.fit import fit_gpytorch_mll_torch
        from botorch.optim.stopping import ExpMAStoppingCriterion
        from gpytorch.mlls import VariationalELBO
        x, y = branin_data()
        yp = y - y.min() + 1.0
        chained = ChainedInputTransform(norm=Normalize(d=2), warp=Warp(d=2, indices=[0, 1]))
        model = SingleTaskGP(x, yp, input_transform=chained,
                             outcome_transform=ChainedOutcomeTransform(log=Log(), std=Standardize(m=1)))
        mll = ExactMarginalLogLikelihood(model.likelihood, model)
        fit_gpytorch_mll(mll, optimizer=fit_gpytorch_mll_torch,
                         optimizer_kwargs={"step_limit": 4, "stopping_criterion": ExpMAStoppingCriterion(maxiter=4)})
        model.posterior(torch.rand(4, 2, **tkw)).mean
        Power(power=2.0)(yp)
        pert = SingleTaskGP(x, y, input_transform=InputPerturbation(torch.randn(3, 2, **tkw) * 0.01))
        pert.eval()
        pert.posterior(torch.rand(2, 2, **tkw)).mean
        Log10(indices=[0])(x + 1), Round(integer_indices=[1])(x * 5)
        mixed = fit(MixedSingleTaskGP(torch.cat([x, torch.randint(0, 3, (12, 1)).to(x)], -1), y, cat_dims=[2]))
        mixed.posterior(torch.cat([torch.rand(2, 2, **tkw), torch.ones(2, 1, **tkw)], -1)).mean
        xf = torch.cat([x, torch.rand(12, 1, **tkw)], -1)
        mf = fit(SingleTaskMultiFidelityGP(xf, y, data_fidelities=[2]))
        mf.posterior(torch.rand(3, 3, **tkw)).mean
        A.qMultiFidelityKnowledgeGradient(mf, num_fantasies=2, current_value=y.max(),
                                           project=lambda X: X)(torch.rand(1, 3, 3, **tkw))
        vgp = SingleTaskVariationalGP(x, y, inducing_points=6)
        elbo = VariationalELBO(vgp.likelihood, vgp.model, num_data=12)
        fit_gpytorch_mll(elbo, optimizer=fit_gpytorch_mll_torch, optimizer_kwargs={"step_limit": 3})
        vgp.posterior(torch.rand(3, 2, **tkw)).mean
        # sparse-axis-aligned-subspace priors, fitted as MAP (the NUTS version needs JAX)
        saas = fit(EnsembleMapSaasSingleTaskGP(x[:8], y[:8], num_taus=2))
        A.qLogNoisyExpectedImprovement(saas, x[:8])(torch.rand(2, 1, 2, **tkw))
        fit(AdditiveMapSaasSingleTaskGP(x[:8], y[:8])).posterior(torch.rand(3, 2, **tkw)).mean
        # preference learning from pairwise comparisons, and a higher-order (tensor-output) GP
        comparisons = torch.tensor([[0, 1], [2, 1], [3, 0], [2, 4]])
        pref = PairwiseGP(x[:6], comparisons)
        fit_gpytorch_mll(PairwiseLaplaceMarginalLogLikelihood(pref.likelihood, pref), **fit_opts)
        A.AnalyticExpectedUtilityOfBestOption(pref_model=pref)(torch.rand(3, 2, 2, **tkw))
        hogp = fit(HigherOrderGP(torch.rand(6, 2, **tkw), torch.randn(6, 3, 2, **tkw)))
        hogp.posterior(torch.rand(2, 2, **tkw)).rsample(torch.Size([2]))

    def optim_generation_utils():
        from botorch.acquisition.objective import (ConstrainedMCObjective, GenericMCObjective, LinearMCObjective,
                                                   ScalarizedPosteriorTransform)
        from botorch.cross_validation import batch_cross_validation, gen_loo_cv_folds
        from botorch.generation import MaxPosteriorSampling, get_best_candidates, gen_candidates_torch
        from botorch.optim import optimize_acqf_discrete, optimize_acqf_mixed
        from botorch.optim.initializers import gen_batch_initial_conditions
        from botorch.test_functions import Ackley, Hartmann, Rosenbrock
        from botorch.utils import standardize
        from botorch.utils.transforms import normalize
        x, y = branin_data(10)
        y2 = torch.cat([y, torch.randn_like(y)], -1)
        model = fit(SingleTaskGP(x, y2, outcome_transform=Standardize(m=2)))
        sampler = SobolQMCNormalSampler(torch.Size([8]), seed=0)
        objectives = [GenericMCObjective(lambda s, X=None: s[..., 0] - s[..., 1]),
                      LinearMCObjective(torch.tensor([1.0, -0.5], **tkw))]
        for obj in objectives:
            A.qLogNoisyExpectedImprovement(model, x, sampler=sampler, objective=obj)(torch.rand(3, 2, 2, **tkw))
        constrained = A.qLogNoisyExpectedImprovement(model, x, sampler=IIDNormalSampler(torch.Size([8]), seed=0),
                                                     objective=GenericMCObjective(lambda s, X=None: s[..., 0]),
                                                     constraints=[lambda s: s[..., 1]])
        optimize_acqf(constrained, bounds=bounds, q=1, inequality_constraints=[
            (torch.tensor([0, 1]), torch.tensor([1.0, 1.0], **tkw), 0.5)], **acq_opts)
        A.qExpectedImprovement(model, y2[:, 0].max(), objective=ConstrainedMCObjective(
            objective=lambda s, X=None: s[..., 0], constraints=[lambda s: s[..., 1]]))(torch.rand(2, 1, 2, **tkw))
        pt = ScalarizedPosteriorTransform(weights=torch.tensor([1.0, 0.5], **tkw))
        ei = A.ExpectedImprovement(model, best_f=0.0, posterior_transform=pt)
        qei = A.qLogExpectedImprovement(model, best_f=0.0, posterior_transform=pt, sampler=sampler)
        optimize_acqf_discrete(qei, q=2, choices=torch.rand(20, 2, **tkw))
        optimize_acqf_mixed(qei, bounds=bounds, q=1, fixed_features_list=[{1: 0.0}, {1: 1.0}], **acq_opts)
        ff = A.FixedFeatureAcquisitionFunction(ei, d=2, columns=[1], values=[0.5])
        ff(torch.rand(3, 1, 1, **tkw))
        ics = gen_batch_initial_conditions(ei, bounds, q=1, num_restarts=2, raw_samples=8)
        cands, vals = gen_candidates_torch(ics, ei, lower_bounds=bounds[0], upper_bounds=bounds[1],
                                           options={"maxiter": 3})
        get_best_candidates(cands, vals)
        MaxPosteriorSampling(model=model, posterior_transform=pt, replacement=False)(torch.rand(30, 2, **tkw),
                                                                                      num_samples=2)
        A.ProximalAcquisitionFunction(ei, proximal_weights=torch.ones(2, **tkw))(torch.rand(3, 1, 2, **tkw))
        A.qNegIntegratedPosteriorVariance(SingleTaskGP(x, y), mc_points=torch.rand(16, 2, **tkw))(
            torch.rand(2, 1, 2, **tkw))
        cost = A.InverseCostWeightedUtility(cost_model=AffineFidelityCostModel(fidelity_weights={1: 1.0},
                                                                               fixed_cost=0.5))
        cost(torch.rand(2, 1, 2, **tkw), torch.rand(2, **tkw))
        folds = gen_loo_cv_folds(train_X=x[:6], train_Y=y[:6])
        batch_cross_validation(model_cls=SingleTaskGP, mll_cls=ExactMarginalLogLikelihood, cv_folds=folds,
                               fit_args={"optimizer_kwargs": {"options": {"maxiter": 3}}})
        for f in (Hartmann(dim=3), Ackley(dim=2), Rosenbrock(dim=2)):
            f(torch.rand(4, f.dim)), f.optimal_value
        standardize(y), normalize(x, bounds)

    return {"single-task-bo-loop": single_task_loop, "multi-objective-multi-task": multi_objective,
            "models-transforms-saas-preference": models_transforms, "optim-generation-utils": optim_generation_utils}


def pytorch_tabnet_scenarios():
    import tempfile

    import numpy as np
    import scipy.sparse
    import torch
    from pytorch_tabnet import sparsemax, tab_network
    from pytorch_tabnet.augmentations import ClassificationSMOTE, RegressionSMOTE
    from pytorch_tabnet.callbacks import Callback
    from pytorch_tabnet.metrics import Metric, UnsupervisedLoss
    from pytorch_tabnet.multitask import TabNetMultiTaskClassifier
    from pytorch_tabnet.pretraining import TabNetPretrainer
    from pytorch_tabnet.tab_model import TabNetClassifier, TabNetRegressor

    rng = np.random.default_rng(0)
    n, d = 96, 6
    x = rng.normal(size=(n, d)).astype(np.float32)
    x[:, 0] = rng.integers(0, 4, n)  # two categorical columns
    x[:, 1] = rng.integers(0, 3, n)
    y_cls = (x[:, 2] + x[:, 3] > 0).astype(int) + (x[:, 0] > 1)
    y_reg = (x[:, 2:4].sum(1, keepdims=True) + 0.1 * rng.normal(size=(n, 1))).astype(np.float32)
    small = {"n_d": 8, "n_a": 8, "n_steps": 2, "cat_idxs": [0, 1], "cat_dims": [4, 3], "cat_emb_dim": [2, 1],
             "seed": 0, "verbose": 0, "device_name": "cpu"}
    fit_kw = {"max_epochs": 2, "patience": 3, "batch_size": 32, "virtual_batch_size": 16, "drop_last": False}

    class Gini(Metric):  # a user-defined metric, as the README shows
        _name, _maximize = "gini", True

        def __call__(self, y_true, y_score):
            return float(np.abs(np.corrcoef(y_true, y_score[:, 1])[0, 1]))

    class Recorder(Callback):
        def on_epoch_end(self, epoch, logs=None):
            self.last = dict(logs or {})

    def classifier():
        clf = TabNetClassifier(**small, mask_type="entmax", grouped_features=[[2, 3]],
                               optimizer_fn=torch.optim.AdamW, optimizer_params={"lr": 2e-2},
                               scheduler_fn=torch.optim.lr_scheduler.StepLR, scheduler_params={"step_size": 1})
        clf.fit(x[:64], y_cls[:64], eval_set=[(x[64:], y_cls[64:])], eval_name=["valid"],
                eval_metric=["accuracy", "balanced_accuracy", "logloss"], weights=1,
                augmentations=ClassificationSMOTE(p=0.5, device_name="cpu"), callbacks=[Recorder()], **fit_kw)
        clf.predict(x[64:]), clf.predict_proba(x[64:])
        clf.explain(x[:8]), clf.explain(x[:8], normalize=True)
        with tempfile.TemporaryDirectory() as tmp:
            path = clf.save_model(f"{tmp}/clf")
            again = TabNetClassifier()
            again.load_model(path)
            again.predict(x[:4])
        binary = TabNetClassifier(**{**small, "n_steps": 3, "gamma": 1.5, "n_independent": 1, "n_shared": 1})
        yb = (y_cls > 0).astype(int)
        binary.fit(x, yb, eval_set=[(x, yb)], eval_metric=["auc", Gini], weights={0: 1.0, 1: 2.0},
                   loss_fn=torch.nn.CrossEntropyLoss(), **fit_kw)
        binary.fit(x, yb, warm_start=True, **{**fit_kw, "max_epochs": 1})
        # sparse input
        sp = scipy.sparse.csr_matrix(np.abs(x))
        TabNetClassifier(n_d=4, n_a=4, n_steps=1, seed=0, verbose=0, device_name="cpu").fit(
            sp, yb, eval_set=[(sp, yb)], **fit_kw)

    def regressor_multitask():
        reg = TabNetRegressor(**small, mask_type="sparsemax", lambda_sparse=1e-4)
        reg.fit(x[:64], y_reg[:64], eval_set=[(x[64:], y_reg[64:])], eval_metric=["mae", "rmse", "mse"],
                augmentations=RegressionSMOTE(p=0.5, device_name="cpu"), **fit_kw)
        reg.predict(x[64:])
        reg.feature_importances_
        pos = TabNetRegressor(n_d=4, n_a=4, n_steps=1, seed=0, verbose=0, device_name="cpu")
        pos.fit(x, np.abs(y_reg) + 1, eval_set=[(x, np.abs(y_reg) + 1)], eval_metric=["rmsle"],
                loss_fn=torch.nn.functional.l1_loss, **fit_kw)
        y_multi = np.stack([y_cls, (x[:, 4] > 0).astype(int)], 1)
        mt = TabNetMultiTaskClassifier(**small)
        mt.fit(x, y_multi, eval_set=[(x, y_multi)], eval_metric=["logloss"], **fit_kw)
        mt.predict(x[:8]), mt.predict_proba(x[:8])

    def pretraining():
        pre = TabNetPretrainer(**small, mask_type="entmax", n_shared_decoder=1, n_indep_decoder=1,
                               grouped_features=[[2, 3]])
        pre.fit(x[:64], eval_set=[x[64:]], pretraining_ratio=0.5, **fit_kw)
        pre.predict(x[:8])
        clf = TabNetClassifier(**small)
        clf.fit(x, y_cls, from_unsupervised=pre, **fit_kw)
        with tempfile.TemporaryDirectory() as tmp:
            path = pre.save_model(f"{tmp}/pre")
            loaded = TabNetPretrainer()
            loaded.load_model(path)

    def network_and_masks():
        group = torch.tensor(np.eye(d), dtype=torch.float32)
        net = tab_network.TabNet(input_dim=d, output_dim=3, n_d=8, n_a=8, n_steps=2, cat_idxs=[0, 1],
                                 cat_dims=[4, 3], cat_emb_dim=[2, 2], group_attention_matrix=group,
                                 virtual_batch_size=16, mask_type="entmax")
        xt = torch.tensor(x[:32])
        out, m_loss = net(xt)
        _train_step(net, torch.nn.functional.cross_entropy(out, torch.tensor(y_cls[:32])) + 1e-3 * m_loss)
        net.forward_masks(xt)
        multi = tab_network.TabNet(input_dim=d, output_dim=[2, 3], n_steps=1, group_attention_matrix=group,
                                   virtual_batch_size=16)
        outs, m_loss = multi(xt)
        _train_step(multi, sum(o.sum() for o in outs) + m_loss)
        pre = tab_network.TabNetPretraining(input_dim=d, pretraining_ratio=0.3, n_steps=2, cat_idxs=[0, 1],
                                            cat_dims=[4, 3], cat_emb_dim=[1, 1], group_attention_matrix=group,
                                            virtual_batch_size=16)
        rec, emb, obf = pre(xt)
        _train_step(pre, UnsupervisedLoss(rec, emb, obf))
        pre.eval()
        pre(xt), pre.forward_masks(xt)
        z = torch.randn(5, 7, requires_grad=True)
        (sparsemax.Sparsemax(dim=-1)(z).sum() + sparsemax.Entmax15(dim=-1)(z).pow(2).sum()
         + sparsemax.Entmoid15.apply(z).sum() + sparsemax.sparsemax(z).sum() + sparsemax.entmax15(z).sum()).backward()

    return {"classifier-entmax-sparse": classifier, "regressor-multitask": regressor_multitask,
            "pretraining": pretraining, "network-masks": network_and_masks}



# ---- fourth fresh held-out set (run.py --fresh4): never used to tune the scanner ---------------

def captum_scenarios():
    import tempfile

    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    from captum import attr as A
    from captum import metrics, robust
    from captum.attr import visualization  # noqa: F401  (imports matplotlib at module level)
    from captum.concept import TCAV, Concept
    from captum.concept._utils.classifier import DefaultClassifier
    from captum.influence import SimilarityInfluence, TracInCP, TracInCPFast
    from captum.module import BinaryConcreteStochasticGates, GaussianStochasticGates

    x = torch.rand(4, 3, 8, 8)
    y = torch.tensor([0, 1, 2, 1])

    class CNN(nn.Module):
        def __init__(self, softmax=True):
            super().__init__()
            self.conv1 = nn.Conv2d(3, 6, 3, padding=1)
            self.relu1 = nn.ReLU()
            self.pool = nn.MaxPool2d(2)
            self.conv2 = nn.Conv2d(6, 8, 3, padding=1)
            self.relu2 = nn.ReLU()
            self.fc1 = nn.Linear(8 * 4 * 4, 16)
            self.relu3 = nn.ReLU()
            self.fc2 = nn.Linear(16, 3)
            self.softmax = nn.Softmax(dim=1) if softmax else None

        def forward(self, inp):
            h = self.pool(self.relu1(self.conv1(inp)))
            h = self.relu2(self.conv2(h))
            out = self.fc2(self.relu3(self.fc1(h.flatten(1))))
            return out if self.softmax is None else self.softmax(out)

    def train(model, inp=x, tgt=y):
        model.train()
        _train_step(model, F.nll_loss(torch.log(model(inp) + 1e-6), tgt))
        model.eval()

    def gradient_methods():
        model = CNN()
        train(model)
        base = torch.zeros_like(x)
        for method, kw in [(A.Saliency(model), dict(abs=True)),
                           (A.InputXGradient(model), {}),
                           (A.IntegratedGradients(model),
                            dict(baselines=base, n_steps=8, return_convergence_delta=True)),
                           (A.IntegratedGradients(model, multiply_by_inputs=False),
                            dict(n_steps=4, method="riemann_trapezoid", internal_batch_size=8)),
                           (A.DeepLift(model), dict(baselines=base, return_convergence_delta=True)),
                           (A.DeepLiftShap(model), dict(baselines=torch.rand(3, 3, 8, 8))),
                           (A.GradientShap(model), dict(baselines=torch.rand(3, 3, 8, 8), n_samples=4, stdevs=0.1)),
                           (A.GuidedBackprop(model), {}), (A.Deconvolution(model), {}),
                           (A.GuidedGradCam(model, model.conv2), {}),
                           (A.LRP(CNN(softmax=False)), {})]:
            out = method.attribute(x, target=y, **kw)
            (out[0] if isinstance(out, tuple) else out).sum()
            method.has_convergence_delta()
        for nt_type in ("smoothgrad", "smoothgrad_sq", "vargrad"):
            A.NoiseTunnel(A.Saliency(model)).attribute(x, nt_type=nt_type, nt_samples=3, stdevs=0.1, target=y)
        A.NoiseTunnel(A.IntegratedGradients(model)).attribute(x, nt_samples=2, nt_samples_batch_size=2, n_steps=4,
                                                              target=y, return_convergence_delta=True)

    def layer_and_neuron_methods():
        model = CNN()
        train(model)
        base = torch.zeros_like(x)
        lrp_model = CNN(softmax=False)
        for method, kw in [(A.LayerConductance(model, model.conv2), dict(n_steps=4)),
                           (A.LayerIntegratedGradients(model, model.conv1), dict(n_steps=4, baselines=base)),
                           (A.LayerGradientXActivation(model, model.fc1), {}),
                           (A.LayerGradCam(model, model.conv2), dict(relu_attributions=True)),
                           (A.LayerDeepLift(model, model.fc1), dict(baselines=base)),
                           (A.LayerDeepLiftShap(model, model.conv1), dict(baselines=torch.rand(2, 3, 8, 8))),
                           (A.LayerGradientShap(model, model.conv1), dict(baselines=torch.rand(2, 3, 8, 8),
                                                                          n_samples=3)),
                           (A.InternalInfluence(model, model.conv2), dict(n_steps=4)),
                           (A.LayerFeatureAblation(model, model.conv1), {}),
                           (A.LayerLRP(lrp_model, lrp_model.fc2), {})]:
            method.attribute(x, target=y, **kw)
        A.LayerActivation(model, [model.conv1, model.fc1]).attribute(x)
        A.LayerGradCam.interpolate(A.LayerGradCam(model, model.conv2).attribute(x, target=y), (8, 8),
                                   interpolate_mode="bilinear")
        for method, kw in [(A.NeuronGradient(model, model.fc1), {}),
                           (A.NeuronIntegratedGradients(model, model.fc1), dict(n_steps=4)),
                           (A.NeuronConductance(model, model.fc1), dict(n_steps=4, target=y)),
                           (A.NeuronDeepLift(model, model.fc1), {}),
                           (A.NeuronDeepLiftShap(model, model.fc1), dict(baselines=torch.rand(2, 3, 8, 8))),
                           (A.NeuronGradientShap(model, model.fc1), dict(baselines=torch.rand(2, 3, 8, 8),
                                                                         n_samples=3)),
                           (A.NeuronGuidedBackprop(model, model.fc1), {}),
                           (A.NeuronDeconvolution(model, model.fc1), {}),
                           (A.NeuronFeatureAblation(model, model.fc1), {})]:
            method.attribute(x, neuron_selector=3, **kw)
        A.NeuronGradient(model, model.conv2).attribute(x, neuron_selector=lambda out: out[:, 1].sum((1, 2)))

    def perturbation_methods():
        model = CNN()
        train(model)
        mask = torch.arange(4).repeat_interleave(2).view(1, 1, 1, 8).expand(1, 3, 8, 8).clone()
        mask[:, :, 4:] += 4
        A.FeatureAblation(model).attribute(x, target=y, feature_mask=mask, perturbations_per_eval=2)
        A.FeatureAblation(model).attribute(x, target=y, baselines=0.5, show_progress=False)
        A.FeaturePermutation(model).attribute(x, target=y, feature_mask=mask)
        A.Occlusion(model).attribute(x, target=y, sliding_window_shapes=(3, 4, 4), strides=(3, 2, 2))
        A.ShapleyValueSampling(model).attribute(x, target=y, feature_mask=mask, n_samples=2)
        A.ShapleyValues(model).attribute(x[:1], target=y[:1], feature_mask=mask[:, :, :, :4].repeat(1, 1, 1, 2) % 3)
        A.Lime(model, interpretable_model=None).attribute(x[:1], target=1, feature_mask=mask, n_samples=20,
                                                          perturbations_per_eval=4)
        A.KernelShap(model).attribute(x[:1], target=1, feature_mask=mask, n_samples=20)
        A.Lime(model, similarity_func=A._core.lime.get_exp_kernel_similarity_function("euclidean", 1.0)).attribute(
            x[:2], target=y[:2], feature_mask=mask, n_samples=10, return_input_shape=False)

    def metrics_and_robust():
        model = CNN()
        train(model)
        ig = A.IntegratedGradients(model)
        sal = A.Saliency(model)

        def perturb(inputs):
            noise = torch.randn_like(inputs) * 0.01
            return noise, inputs - noise

        attrs = ig.attribute(x, target=y, n_steps=4)
        metrics.infidelity(model, perturb, x, attrs, target=y, n_perturb_samples=3)
        metrics.infidelity(model, perturb, x, attrs, target=y, n_perturb_samples=2, normalize=True,
                           max_examples_per_batch=4)
        metrics.sensitivity_max(sal.attribute, x, target=y, n_perturb_samples=2)
        fgsm = robust.FGSM(model, lower_bound=0.0, upper_bound=1.0)
        adv = fgsm.perturb(x, epsilon=0.05, target=y)
        pgd = robust.PGD(model, lower_bound=0.0, upper_bound=1.0)
        pgd.perturb(x, radius=0.1, step_size=0.02, step_num=3, target=y)
        pgd.perturb(x, radius=0.5, step_size=0.1, step_num=2, target=y, norm="L2")
        pgd.perturb(x, radius=0.1, step_size=0.05, step_num=2, target=y, random_start=True)
        # Summarizer keeps its stats in a set (ordered by object address) and Min, Max and Sum share one line:
        # each runs alone before any Summarizer (AttackComparator's too) so the trace meets them in a fixed order
        for stat in (A.Min(), A.Max(), A.Sum()):
            alone = A.Summarizer([stat])
            for batch in attrs.split(2):  # the first update only stores its input
                alone.update(batch)
        comp = robust.AttackComparator(forward_func=model, metric=lambda out, **kw: out.argmax(1).float())
        comp.add_attack(robust.FGSM(model), "fgsm", attack_kwargs={"epsilon": 0.1},
                        additional_attack_arg_names=["target"])
        comp.add_attack(lambda inp: inp + 0.01 * torch.randn_like(inp), "noise", num_attempts=2)
        comp.evaluate(x, target=y)
        comp.summary()
        mpp = robust.MinParamPerturbation(
            forward_func=model, attack=lambda inp, eps: inp + eps, arg_name="eps", arg_min=0.0, arg_max=1.0,
            arg_step=0.25, preproc_fn=None)
        mpp.evaluate(x[:1], target=y[:1])
        train(model, adv.detach())

    def concepts_influence_gates():
        model = CNN()
        train(model)

        def concept(cid, name, shift):
            data = [torch.rand(2, 3, 8, 8) + shift for _ in range(3)]
            return Concept(cid, name, iter(data))

        with tempfile.TemporaryDirectory() as tmp:
            tcav = TCAV(model, layers=["conv2", "fc1"], save_path=tmp, classifier=DefaultClassifier())
            stripes, random_ = concept(0, "stripes", 0.5), concept(1, "random", 0.0)
            tcav.interpret(x, experimental_sets=[[stripes, random_]], target=0)

        class Ds(torch.utils.data.Dataset):
            def __len__(self):
                return 8

            def __getitem__(self, i):
                return x[i % 4], y[i % 4]

        ds = Ds()
        with tempfile.TemporaryDirectory() as tmp:
            paths = []
            for i in range(2):
                train(model)
                paths.append(f"{tmp}/ckpt{i}.pt")
                torch.save(model.state_dict(), paths[-1])

            def load(net, path):
                net.load_state_dict(torch.load(path))
                return 1.0

            tracin = TracInCP(model, ds, paths, checkpoints_load_func=load, loss_fn=nn.NLLLoss(reduction="none"),
                              batch_size=4, sample_wise_grads_per_batch=False)
            tracin.influence((x[:2], y[:2]), k=2, proponents=True)
            tracin.self_influence(show_progress=False)
            fast = TracInCPFast(model, model.fc2, ds, paths, checkpoints_load_func=load, loss_fn=nn.NLLLoss(),
                                batch_size=4)
            fast.influence((x[:2], y[:2]))
            with tempfile.TemporaryDirectory() as act_dir:
                sim = SimilarityInfluence(model, ["fc1", "conv2"], ds, act_dir, batch_size=4)
                sim.influence(x[:2], top_k=2)
        gates = [BinaryConcreteStochasticGates(6, mask=None), GaussianStochasticGates(6, std=0.5)]
        for g in gates:
            h = torch.randn(4, 6, requires_grad=True)
            out, reg = g(h)
            (out.sum() + reg).backward()
            g.get_gate_values(), g.get_gate_active_probs()
            opt = torch.optim.AdamW(g.parameters(), lr=1e-3)
            opt.step()

    class TextModel(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(30, 8)
            self.lstm = nn.LSTM(8, 8, batch_first=True)
            self.fc = nn.Linear(8, 2)

        def forward(self, tok):
            h, _ = self.lstm(self.emb(tok))
            return self.fc(h.mean(1))

    def text_and_summaries():
        model = TextModel()
        tok = torch.randint(1, 30, (3, 6))
        _train_step(model, F.cross_entropy(model(tok), torch.tensor([0, 1, 0])))
        model.eval()
        ref = A.TokenReferenceBase(reference_token_idx=0).generate_reference(6, device="cpu").unsqueeze(0).repeat(3, 1)
        lig = A.LayerIntegratedGradients(model, model.emb)
        attrs, delta = lig.attribute(tok, ref, target=1, n_steps=4, return_convergence_delta=True)
        iemb = A.configure_interpretable_embedding_layer(model, "emb")
        emb = iemb.indices_to_embeddings(tok)
        A.IntegratedGradients(model).attribute(emb, target=1, n_steps=4)
        A.remove_interpretable_embedding_layer(model, iemb)
        summ = A.Summarizer([A.Mean(), A.Var(), A.StdDev(), A.Min(), A.Max(), A.Sum(), A.Count(), A.MSE()])
        for batch in attrs.split(1):
            summ.update(batch)
        summ.summary
        cs = A.ClassSummarizer(A.CommonStats())
        cs.update(attrs, labels=[0, 1, 0])
        cs.class_summaries, cs.summary
        visualization.VisualizationDataRecord(attrs[0].sum(-1), 0.9, 1, 1, "pos", attrs.sum(), ["a"] * 6, delta)
        visualization._normalize_attr(attrs[0].detach().numpy(), "all", 2)

    class CharTokenizer:
        """Character-level stand-in for a Hugging Face tokenizer (encode / decode / offsets): no download."""
        vocab = " abcdefghijklmnopqrstuvwxyz.?"

        def encode(self, text, add_special_tokens=True, return_tensors=None):
            ids = ([0] if add_special_tokens else []) + [self.vocab.index(c) + 1 for c in text.lower()
                                                         if c in self.vocab]
            return torch.tensor([ids]) if return_tensors == "pt" else ids

        def decode(self, ids):
            ids = ids.tolist() if hasattr(ids, "tolist") else ids
            return "".join(self.vocab[i - 1] for i in ([ids] if isinstance(ids, int) else ids) if i > 0)

        def __call__(self, text, return_offsets_mapping=False, add_special_tokens=True, **kw):
            kept = [i for i, c in enumerate(text.lower()) if c in self.vocab]
            offsets = ([(0, 0)] if add_special_tokens else []) + [(i, i + 1) for i in kept]
            return {"input_ids": self.encode(text, add_special_tokens=add_special_tokens), "offset_mapping": offsets}

        def convert_ids_to_tokens(self, ids):
            return [self.decode([i]) for i in (ids.tolist() if hasattr(ids, "tolist") else ids)]

    def llm_attribution():
        import transformers

        tok = CharTokenizer()
        cfg = transformers.GPT2Config(vocab_size=31, n_embd=16, n_layer=1, n_head=2, n_positions=64, bos_token_id=0,
                                      eos_token_id=0, pad_token_id=0)
        model = transformers.GPT2LMHeadModel(cfg).eval()
        template = A.TextTemplateInput("{} is {}", values=["a cat", "black"])
        tokens = A.TextTokenInput("the cat sat", tok, skip_tokens=[0])
        ablation = A.LLMAttribution(A.FeatureAblation(model), tok)
        result = ablation.attribute(template, target="ok")
        result.seq_attr_dict, result.token_attr
        ablation.attribute(tokens, target="on")
        ablation.attribute(tokens, gen_args={"max_new_tokens": 2, "do_sample": False})
        A.LLMAttribution(A.ShapleyValueSampling(model), tok).attribute(template, target="ok", n_samples=2)
        A.LLMAttribution(A.KernelShap(model), tok).attribute(template, target="ok", n_samples=8)
        A.LLMAttribution(A.Lime(model), tok).attribute(template, target="ok", n_samples=8)
        grad = A.LLMGradientAttribution(A.LayerIntegratedGradients(model, model.transformer.wte), tok)
        grad.attribute(tokens, target="on", n_steps=4)
        A.LLMGradientAttribution(A.LayerGradientXActivation(model, model.transformer.wte), tok).attribute(
            tokens, target="on")

    return {"gradient-attribution": gradient_methods, "layer-neuron-attribution": layer_and_neuron_methods,
            "perturbation-attribution": perturbation_methods, "metrics-robust": metrics_and_robust,
            "concepts-influence-gates": concepts_influence_gates, "text-summaries": text_and_summaries,
            "llm-attribution": llm_attribution}


def torchattacks_scenarios():
    import tempfile

    import numpy as np
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    import torchattacks as ta

    np.random.seed(0)  # Pixle and OnePixel draw from numpy's global generator
    n_cls = 10
    x = torch.rand(4, 3, 16, 16)
    y = torch.tensor([0, 3, 5, 9])

    def make_model():
        return nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                             nn.Conv2d(8, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(2), nn.Flatten(),
                             nn.Linear(32, n_cls)).eval()

    def adv_train(model, atk, images=x, labels=None):
        if labels is None:  # the model's own predictions: attacks skip inputs that are already misclassified
            with torch.no_grad():
                labels = model(images).argmax(1)
        adv = atk(images, labels)
        model.train()
        _train_step(model, F.cross_entropy(model(adv), labels))
        model.eval()
        return adv

    def gradient_attacks():
        model = make_model()
        s = dict(steps=2)
        for atk in [ta.FGSM(model), ta.FFGSM(model), ta.BIM(model, **s), ta.RFGSM(model, **s),
                    ta.PGD(model, **s), ta.PGD(model, random_start=False, **s), ta.PGDL2(model, **s),
                    ta.EOTPGD(model, eot_iter=2, **s), ta.TPGD(model, **s), ta.MIFGSM(model, **s),
                    ta.NIFGSM(model, **s), ta.SINIFGSM(model, m=2, **s), ta.VMIFGSM(model, N=2, **s),
                    ta.VNIFGSM(model, N=2, **s), ta.DIFGSM(model, random_start=True, **s),
                    ta.TIFGSM(model, len_kernel=5, random_start=True, **s),
                    ta.TIFGSM(model, kernel_name="linear", len_kernel=3, **s),
                    ta.TIFGSM(model, kernel_name="uniform", len_kernel=3, **s),
                    ta.Jitter(model, **s), ta.UPGD(model, loss="margin", eot_iter=2, random_start=True, **s),
                    ta.UPGD(model, loss="ce", **s), ta.PGDRS(model, noise_batch_size=2, **s),
                    ta.PGDRSL2(model, noise_batch_size=2, noise_type="uniform", **s),
                    ta.PIFGSM(model, num_iter_set=2), ta.PIFGSMPP(model, num_iter_set=2), ta.GN(model),
                    ta.VANILA(model)]:
            adv_train(model, atk)
            repr(atk)

    def optimisation_attacks():
        model = make_model()
        for atk in [ta.CW(model, steps=3, c=0.5, kappa=0.1), ta.DeepFool(model, steps=2),
                    ta.SparseFool(model, steps=1, lam=2), ta.EADL1(model, binary_search_steps=2, max_iterations=10),
                    ta.EADEN(model, binary_search_steps=2, max_iterations=10, abort_early=False),
                    ta.JSMA(model, theta=1.0, gamma=0.05), ta.SPSA(model, nb_sample=8, max_batch_size=8)]:
            adv_train(model, atk, x[:2])

    def shrink(atk):
        for sub in getattr(atk, "_autoattack", atk).attacks:
            for attr, val in (("steps", 2), ("n_queries", 10), ("n_target_classes", 2), ("eot_iter", 2)):
                if hasattr(sub, attr):
                    setattr(sub, attr, val)
        return atk

    def autoattack_family():
        model = make_model()
        for atk in [ta.APGD(model, steps=3, loss="ce"), ta.APGD(model, norm="L2", eps=0.5, steps=3, loss="dlr"),
                    ta.APGDT(model, steps=3, n_classes=3), ta.FAB(model, steps=3, n_classes=n_cls),
                    ta.FAB(model, norm="L2", steps=2, multi_targeted=True, n_classes=3),
                    ta.Square(model, n_queries=20), ta.Square(model, norm="L2", eps=0.5, n_queries=20),
                    shrink(ta.AutoAttack(model, n_classes=n_cls, seed=0)),
                    shrink(ta.AutoAttack(model, norm="L2", eps=0.5, version="rand", n_classes=n_cls, seed=0))]:
            adv_train(model, atk, x[:2])
        with torch.no_grad():
            pred = model(x).argmax(1)
        ta.MultiAttack([ta.FGSM(model, eps=1e-3), ta.PGD(model, steps=2)])(x, pred)
        ta.OnePixel(model, pixels=1, steps=2, popsize=4, inf_batch=16)(x[:2], pred[:2])
        ta.Pixle(model, x_dimensions=(0.1, 0.2), y_dimensions=(0.1, 0.2), restarts=2, max_iterations=2)(x[:2], pred[:2])
        ta.Pixle(model, pixel_mapping="similarity", restarts=1, max_iterations=2, update_each_iteration=True)(
            x[:1], pred[:1])

    def modes_and_utilities():
        model = make_model()
        loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(x, y), batch_size=2)
        atk = ta.PGD(model, eps=8 / 255, alpha=2 / 255, steps=2)
        atk.set_normalization_used(mean=[0.5, 0.5, 0.5], std=[0.25, 0.25, 0.25])
        atk(x, y)
        atk.set_mode_targeted_random()
        atk(x, y)
        atk.set_mode_targeted_least_likely(kth_min=2)
        atk(x, y)
        atk.set_mode_targeted_by_function(lambda images, labels: (labels + 1) % n_cls)
        atk(x, y)
        atk.set_mode_targeted_by_label(quiet=True)
        atk(x, (y + 1) % n_cls)
        atk.set_mode_default()
        atk.set_model_training_mode(model_training=False, batchnorm_training=False, dropout_training=False)
        atk.get_logits(x)
        with tempfile.TemporaryDirectory() as tmp:
            atk.save(loader, save_path=f"{tmp}/adv.pt", verbose=True, return_verbose=True, save_predictions=True,
                     save_clean_inputs=True)
            adv_loader = atk.load(f"{tmp}/adv.pt", batch_size=2, load_predictions=True, load_clean_inputs=True)
            for batch in adv_loader:
                model(batch[0])
        for targeted_atk in [ta.CW(model, steps=2), ta.DeepFool(model, steps=1), ta.APGDT(model, steps=2),
                             ta.MIFGSM(model, steps=2), ta.FGSM(model), ta.DIFGSM(model, steps=2)]:
            try:
                targeted_atk.set_mode_targeted_random()
                targeted_atk(x[:2], y[:2])
            except ValueError:
                pass
        lgv = ta.LGV(model, loader, lr=0.01, epochs=1, nb_models_epoch=2, verbose=False, steps=2)
        lgv.collect_models()
        adv_train(model, lgv)

    return {"gradient-attacks": gradient_attacks, "optimisation-attacks": optimisation_attacks,
            "autoattack-family": autoattack_family, "modes-utilities": modes_and_utilities}


def torch_pruning_scenarios():
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    import torch_pruning as tp
    from torch_pruning.utils import op_counter

    x = torch.randn(4, 3, 16, 16)
    y = torch.tensor([0, 1, 2, 3])

    class Block(nn.Module):
        def __init__(self, c):
            super().__init__()
            self.conv1 = nn.Conv2d(c, c, 3, padding=1, bias=False)
            self.bn1 = nn.BatchNorm2d(c)
            self.dw = nn.Conv2d(c, c, 3, padding=1, groups=c)
            self.gn = nn.GroupNorm(4, c)
            self.act = nn.PReLU(c)

        def forward(self, h):
            out = self.act(self.bn1(self.conv1(h)))
            out = self.gn(self.dw(out))
            return F.relu(out + h)

    class Net(nn.Module):
        def __init__(self, n_cls=4):
            super().__init__()
            self.stem = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU())
            self.block = Block(16)
            self.branch_a = nn.Conv2d(16, 8, 1)
            self.branch_b = nn.Sequential(nn.Conv2d(16, 8, 3, padding=1), nn.InstanceNorm2d(8, affine=True))
            self.up = nn.ConvTranspose2d(16, 16, 2, stride=2)
            self.pool = nn.AdaptiveAvgPool2d(1)
            self.fc1 = nn.Linear(16, 24)
            self.ln = nn.LayerNorm(24)
            self.fc = nn.Linear(24, n_cls)

        def forward(self, inp):
            h = self.block(self.stem(inp))
            h = torch.cat([self.branch_a(h), self.branch_b(h)], dim=1)
            h = F.max_pool2d(self.up(h), 2)
            h = torch.flatten(self.pool(h), 1)
            return self.fc(F.gelu(self.ln(self.fc1(h))))

    def finetune(model):
        model.train()
        _train_step(model, F.cross_entropy(model(x), y))
        model.eval()
        with torch.no_grad():
            model(x)

    def magnitude_iterative():
        for p, red, norm in [(2, "mean", "mean"), (1, "max", "max"), (2, "sum", "sum"), (1, "prod", "standarization"),
                             (2, "first", "gaussian"), (2, "gate", None)]:
            model = Net()
            imp = tp.importance.GroupMagnitudeImportance(p=p, group_reduction=red, normalizer=norm)
            pruner = tp.pruner.BasePruner(model, x, importance=imp, pruning_ratio=0.5, iterative_steps=2,
                                          ignored_layers=[model.fc], round_to=2 if p == 2 else None,
                                          pruning_ratio_dict={model.fc1: 0.25})
            base_ops, base_params = tp.utils.count_ops_and_params(model, x)
            for _ in range(2):
                pruner.step()
                tp.utils.count_ops_and_params(model, x, layer_wise=True)
            finetune(model)
            tp.utils.count_params(model), base_ops, base_params

    def importance_variants():
        for kind in ["lamp", "fpgm", "random", "bn", "taylor", "hessian", "activation", "global",
                     "isomorphic"]:
            model = Net()
            imp = {"lamp": tp.importance.LAMPImportance(p=2), "fpgm": tp.importance.FPGMImportance(),
                   "random": tp.importance.RandomImportance(), "bn": tp.importance.BNScaleImportance(),
                   "taylor": tp.importance.TaylorImportance(), "hessian": tp.importance.HessianImportance(),
                   "activation": tp.importance.ActivationImportance(),
                   "obdc": tp.importance.OBDCImportance(num_classes=4)}.get(kind, tp.importance.MagnitudeImportance())
            pruner = tp.pruner.BasePruner(model, x, importance=imp, pruning_ratio=0.4,
                                          global_pruning=kind in ("global", "isomorphic", "lamp"),
                                          isomorphic=kind == "isomorphic", ignored_layers=[model.fc],
                                          max_pruning_ratio=0.8)
            if kind == "taylor":
                F.cross_entropy(model(x), y).backward()
            elif kind == "hessian":
                imp.zero_grad()
                losses = F.cross_entropy(model(x), y, reduction="none")
                for l in losses:
                    model.zero_grad()
                    l.backward(retain_graph=True)
                    imp.accumulate_grad(model)
            elif kind == "obdc":
                imp._prepare_model(model, pruner)
                model.zero_grad()
                F.cross_entropy(model(x), y).backward()
                imp.step()
            if kind == "activation":
                with imp.compute_importance(model):
                    model(x)
            if kind == "random":
                for group in pruner.step(interactive=True):
                    str(group)
                    group.details()
                    group.prune()
            else:
                pruner.step()
            if kind == "obdc":
                imp._rm_hooks(model)
                imp._clear_buffer()
            finetune(model)

    def regularised_pruners():
        for cls, kw in [                        (tp.pruner.BNScalePruner, dict(reg=1e-4)),
                        (tp.pruner.GroupNormPruner, dict(reg=1e-4)),
                        (tp.pruner.GrowingRegPruner, dict(reg=1e-4, delta_reg=1e-4))]:
            model = Net()
            imp = tp.importance.BNScaleImportance() if cls is tp.pruner.BNScalePruner \
                else tp.importance.GroupMagnitudeImportance(p=2)
            pruner = cls(model, x, importance=imp, pruning_ratio=0.5, iterative_steps=2, ignored_layers=[model.fc],
                         **kw)
            for _ in range(2):
                opt = torch.optim.SGD(model.parameters(), lr=0.01)
                model.train()
                opt.zero_grad()
                F.cross_entropy(model(x), y).backward()
                pruner.regularize(model)
                opt.step()
                pruner.step()
                pruner.update_regularizer()
            finetune(model)

    class TinyTransformer(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(50, 32)
            self.pos = nn.Parameter(torch.randn(1, 8, 32) * 0.02)
            self.attn = nn.MultiheadAttention(32, 4, batch_first=True)
            self.norm1 = nn.LayerNorm(32)
            self.ff = nn.Sequential(nn.Linear(32, 64), nn.GELU(), nn.Linear(64, 32))
            self.norm2 = nn.LayerNorm(32)
            self.lstm = nn.LSTM(32, 16, batch_first=True)
            self.head = nn.Linear(16, 4)

        def forward(self, tok):
            h = self.emb(tok) + self.pos
            a, _ = self.attn(h, h, h)
            h = self.norm1(h + a)
            h = self.norm2(h + self.ff(h))
            out, _ = self.lstm(h)
            return self.head(out[:, -1])

    class QKVAttention(nn.Module):
        """Separate q/k/v projections (grouped-query when kv_heads < heads): the head-pruning paths."""
        def __init__(self, dim=32, heads=4, kv_heads=4):
            super().__init__()
            self.heads, self.kv_heads, self.head_dim = heads, kv_heads, dim // heads
            self.q = nn.Linear(dim, dim)
            self.k = nn.Linear(dim, kv_heads * self.head_dim)
            self.v = nn.Linear(dim, kv_heads * self.head_dim)
            self.proj = nn.Linear(dim, dim)
            self.head = nn.Linear(dim, 4)

        def forward(self, h):
            b, n, _ = h.shape
            q = self.q(h).view(b, n, self.heads, -1).transpose(1, 2)
            k = self.k(h).view(b, n, self.kv_heads, -1).transpose(1, 2)
            v = self.v(h).view(b, n, self.kv_heads, -1).transpose(1, 2)
            rep = self.heads // self.kv_heads
            k, v = k.repeat_interleave(rep, dim=1), v.repeat_interleave(rep, dim=1)
            att = (q @ k.transpose(-2, -1) * self.head_dim ** -0.5).softmax(-1)
            out = (att @ v).transpose(1, 2).reshape(b, n, -1)
            return self.head(self.proj(out).mean(1))

    def transformer_lstm():
        tok = torch.randint(0, 50, (4, 8))
        feats = torch.randn(4, 8, 32)
        for kv_heads, global_pruning in [(4, False), (4, True), (2, False), (2, True)]:
            model = QKVAttention(kv_heads=kv_heads)
            pruner = tp.pruner.BasePruner(model, feats, importance=tp.importance.GroupMagnitudeImportance(p=2),
                                          pruning_ratio=0.25, global_pruning=global_pruning,
                                          num_heads={model.q: 4, model.k: kv_heads, model.v: kv_heads},
                                          prune_num_heads=True, prune_head_dims=False, head_pruning_ratio=0.5,
                                          ignored_layers=[model.head, model.proj])
            pruner.step()
            model.heads = model.q.out_features // model.head_dim
            model.kv_heads = model.k.out_features // model.head_dim
            _train_step(model, F.cross_entropy(model(feats), y))
        for heads in (False, True):
            model = TinyTransformer()
            pruner = tp.pruner.BasePruner(model, tok, importance=tp.importance.MagnitudeImportance(p=2),
                                          pruning_ratio=0.25, num_heads={model.attn: 4}, prune_num_heads=heads,
                                          prune_head_dims=not heads, head_pruning_ratio=0.5,
                                          ignored_layers=[model.head, model.lstm],
                                          unwrapped_parameters=[(model.pos, 2)])
            pruner.step()
            out = model(tok)
            _train_step(model, F.cross_entropy(out, y))
            op_counter.count_ops_and_params(model, tok)

    def dependency_graph_api():
        model = Net()
        DG = tp.DependencyGraph().build_dependency(model, example_inputs=x)
        group = DG.get_pruning_group(model.stem[0], tp.prune_conv_out_channels, idxs=[2, 6, 9, 12])
        if DG.check_pruning_group(group):
            group.prune()
        group = DG.get_pruning_group(model.fc1, tp.prune_linear_out_channels, idxs=[0, 1])
        group.prune()
        for g in DG.get_all_groups(ignored_layers=[model.fc], root_module_types=[nn.Conv2d, nn.Linear]):
            len(g)
        DG.get_out_channels(model.fc1), DG.get_in_channels(model.fc)
        history = DG.pruning_history()
        state = tp.state_dict(model)
        fresh = Net()
        tp.load_state_dict(fresh, state_dict=state)
        fresh_dg = tp.DependencyGraph().build_dependency(Net(), example_inputs=x)
        fresh_dg.load_pruning_history(history)
        finetune(fresh)
        # low-level pruning functions on single layers
        tp.prune_conv_in_channels(nn.Conv2d(8, 4, 3), idxs=[0, 1])
        tp.prune_depthwise_conv_out_channels(nn.Conv2d(8, 8, 3, groups=8), idxs=[0])
        tp.prune_batchnorm_out_channels(nn.BatchNorm1d(8), idxs=[1, 2])
        tp.prune_layernorm_out_channels(nn.LayerNorm(8), idxs=[3])
        tp.prune_groupnorm_out_channels(nn.GroupNorm(2, 8), idxs=[0, 4])
        tp.prune_instancenorm_out_channels(nn.InstanceNorm2d(8, affine=True), idxs=[0])
        tp.prune_embedding_out_channels(nn.Embedding(10, 8), idxs=[0])
        tp.prune_prelu_out_channels(nn.PReLU(8), idxs=[0])
        tp.prune_linear_in_channels(nn.Linear(8, 3), idxs=[5])

    class Zoo(nn.Module):
        """1-d, 3-d and recurrent layers: other pruning functions and FLOP-counter hooks."""
        def __init__(self):
            super().__init__()
            self.c1 = nn.Conv1d(3, 12, 3, padding=1)
            self.bn1 = nn.BatchNorm1d(12)
            self.act = nn.LeakyReLU()
            self.pool1 = nn.AvgPool1d(2)
            self.c3 = nn.Conv3d(1, 6, 3, padding=1)
            self.in3 = nn.InstanceNorm3d(6, affine=True)
            self.pool3 = nn.AdaptiveMaxPool3d(1)
            self.up = nn.Upsample(scale_factor=2)
            self.ct1 = nn.ConvTranspose1d(12, 8, 2, stride=2)
            self.lstm = nn.LSTM(8, 10, batch_first=True)
            self.cell = nn.LSTMCell(10, 10)
            self.rnn_cell = nn.RNNCell(10, 10)
            self.elu = nn.ELU()
            self.relu6 = nn.ReLU6()
            self.fc = nn.Linear(10, 4)
            self.fc3 = nn.Linear(6, 4)

        def forward(self, seq, vol):
            h = self.pool1(self.act(self.bn1(self.c1(seq))))
            h = self.ct1(self.up(h)).transpose(1, 2)
            out, _ = self.lstm(h)
            hx, cx = self.cell(out[:, -1])
            hx = self.rnn_cell(self.elu(hx))
            v = self.pool3(self.relu6(self.in3(self.c3(vol)))).flatten(1)
            return self.fc(hx) + self.fc3(v)

    def layer_zoo():
        seq, vol = torch.randn(4, 3, 8), torch.randn(4, 1, 4, 4, 4)
        for imp in [tp.importance.GroupMagnitudeImportance(p=1, bias=True, normalizer="sum"),
                    tp.importance.TaylorImportance(multivariable=True, bias=True, group_reduction="max"),
                    tp.importance.HessianImportance(bias=True, normalizer="max"),
                    tp.importance.FPGMImportance(p=1, group_reduction="max", normalizer="standarization"),
                    tp.importance.LAMPImportance(p=1, bias=True, group_reduction="sum")]:
            model = Zoo()
            tp.utils.count_ops_and_params(model, (seq, vol), layer_wise=True)
            loss = F.cross_entropy(model(seq, vol), y)
            if isinstance(imp, tp.importance.GroupHessianImportance):
                imp.zero_grad()
                for sample_loss in F.cross_entropy(model(seq, vol), y, reduction="none"):
                    model.zero_grad()
                    sample_loss.backward(retain_graph=True)
                    imp.accumulate_grad(model)
            else:
                loss.backward()
            pruner = tp.pruner.BasePruner(model, (seq, vol), importance=imp, pruning_ratio=0.3, global_pruning=True,
                                          ignored_layers=[model.fc, model.fc3, model.lstm, model.cell, model.rnn_cell])
            pruner.step()
            _train_step(model, F.cross_entropy(model(seq, vol), y))
            tp.utils.count_ops_and_params(model, (seq, vol))
        for imp in [tp.importance.TaylorImportance(normalizer="gaussian"), tp.importance.BNScaleImportance("max"),
                    tp.importance.HessianImportance(group_reduction="prod")]:
            model = Net()
            if isinstance(imp, tp.importance.GroupHessianImportance):
                imp.zero_grad()
                for sample_loss in F.cross_entropy(model(x), y, reduction="none"):
                    model.zero_grad()
                    sample_loss.backward(retain_graph=True)
                    imp.accumulate_grad(model)
            else:
                F.cross_entropy(model(x), y).backward()
            tp.pruner.BasePruner(model, x, importance=imp, pruning_ratio=0.3, ignored_layers=[model.fc]).step()
            finetune(model)

    return {"magnitude-iterative": magnitude_iterative, "importance-variants": importance_variants,
            "regularised-pruners": regularised_pruners, "transformer-lstm": transformer_lstm,
            "dependency-graph-api": dependency_graph_api, "layer-zoo": layer_zoo}


def nnaudio_scenarios():
    import torch
    import torch.nn as nn
    from nnAudio import Spectrogram, features, utils

    sr = 8000
    wav = torch.sin(torch.linspace(0, 400 * 3.14159, 4096)).unsqueeze(0).repeat(2, 1) + 0.1 * torch.randn(2, 4096)

    def classify(layer, out):
        mag = out if not torch.is_complex(out) else out.abs()
        if mag.dim() == 4:  # (batch, freq, time, 2) real/imag
            mag = mag.pow(2).sum(-1)
        head = nn.Linear(mag.shape[1], 3)
        model = nn.ModuleDict({"front": layer, "head": head})
        loss = nn.functional.cross_entropy(head(mag.mean(-1).log1p()), torch.tensor([0, 2]))
        _train_step(model, loss)

    def stft_family():
        for kw in [dict(output_format="Magnitude"), dict(output_format="Complex"), dict(output_format="Phase"),
                   dict(freq_scale="log", fmin=100, fmax=3000, freq_bins=40, output_format="Magnitude"),
                   dict(freq_scale="linear", fmin=50, fmax=3500, freq_bins=40, output_format="Magnitude",
                        window="hamming", center=False),
                   dict(freq_scale="log2", fmin=100, fmax=3000, freq_bins=40, output_format="Magnitude",
                        pad_mode="constant")]:
            layer = features.STFT(n_fft=256, hop_length=64, sr=sr, trainable=True, verbose=False, **kw)
            classify(layer, layer(wav, output_format=kw.get("output_format")))
        stft = features.STFT(n_fft=256, hop_length=64, sr=sr, iSTFT=True, verbose=False)
        spec = stft(wav, output_format="Complex")
        stft.inverse(spec, onesided=True, length=4096)
        stft.inverse(spec, onesided=True, refresh_win=False)
        stft.extra_repr()
        features.iSTFT(n_fft=256, hop_length=64, sr=sr, verbose=False, trainable_kernels=True,
                       trainable_window=True)(spec, length=4096, onesided=True)

    def mel_mfcc_gammatone():
        for kw in [dict(), dict(htk=True, norm=None, power=1.0), dict(trainable_mel=True, trainable_STFT=True)]:
            layer = features.MelSpectrogram(sr=sr, n_fft=256, n_mels=24, hop_length=64, verbose=False, **kw)
            classify(layer, layer(wav))
            layer.extra_repr()
        mfcc = features.MFCC(sr=sr, n_mfcc=13, n_fft=256, n_mels=24, hop_length=64, verbose=False,
                             trainable_mel=True)
        classify(mfcc, mfcc(wav) + 100)
        mfcc.extra_repr()
        features.MFCC(sr=sr, n_mfcc=13, n_fft=256, n_mels=24, hop_length=64, verbose=False, norm=None, top_db=None)(wav)
        gam = features.Gammatonegram(sr=sr, n_fft=256, n_bins=24, hop_length=64, verbose=False, trainable_bins=True,
                                     trainable_STFT=True)
        classify(gam, gam(wav))

    def cqt_vqt():
        for cls, kw in [(features.CQT1992, dict(trainable_STFT=True, trainable_CQT=True)),
                        (features.CQT1992v2, dict(trainable=True, verbose=False)),
                        (features.CQT1992v2, dict(output_format="Complex", verbose=False, norm=2)),
                        (features.CQT2010, dict(trainable_STFT=True, trainable_CQT=True, verbose=False)),
                        (features.CQT2010, dict(earlydownsample=False, output_format="Complex", verbose=False)),
                        (features.CQT2010v2, dict(trainable=True, verbose=False)),
                        (features.CQT2010v2, dict(output_format="Phase", verbose=False, earlydownsample=False)),
                        (features.VQT, dict(gamma=5, verbose=False)),
                        (features.VQT, dict(gamma=0, output_format="Complex", verbose=False, earlydownsample=False))]:
            layer = cls(sr=sr, hop_length=64, fmin=110, n_bins=24, bins_per_octave=12, **kw)
            out = layer(wav)
            if kw.get("output_format") in (None, "Magnitude"):
                classify(layer, out)
            for fmt in ("Magnitude", "Complex", "Phase"):
                try:
                    layer(wav, output_format=fmt)
                except TypeError:
                    break
            layer.extra_repr()
        features.CQT(sr=sr, hop_length=64, fmin=110, n_bins=24, verbose=False)(wav)

    def legacy_and_utils():
        spec = Spectrogram.MelSpectrogram(sr=sr, n_fft=256, n_mels=16, hop_length=64, verbose=False)
        spec(wav)
        Spectrogram.STFT(n_fft=128, hop_length=32, sr=sr, verbose=False)(wav)
        Spectrogram.CQT1992v2(sr=sr, hop_length=64, fmin=110, n_bins=12, verbose=False)(wav)
        def attempt(fn, *args, **kw):  # helpers whose signatures drifted between releases: what runs is recorded
            try:
                return fn(*args, **kw)
            except (TypeError, ValueError, RuntimeError, IndexError):
                return None

        attempt(utils.create_fourier_kernels, 64, freq_bins=None, fmin=50, fmax=3000, sr=sr, freq_scale="no")
        attempt(utils.create_cqt_kernels, 1.0 / (2 ** (1 / 12) - 1), sr, 110, 24, 12, 1, "hann", None)
        attempt(utils.broadcast_dim, wav[0])
        attempt(utils.broadcast_dim, wav.unsqueeze(1))
        attempt(utils.broadcast_dim_conv2d, torch.randn(3, 8, 8))
        attempt(utils.get_window_dispatch, "hann", 64)
        attempt(utils.nextpow2, 100)
        attempt(utils.complex_mul, (torch.randn(2, 3), torch.randn(2, 3)), (torch.randn(3, 4), torch.randn(3, 4)))
        attempt(utils.torch_window_sumsquare, torch.hann_window(64), 10, 16, 64, 64)
        attempt(utils.overlap_add, torch.randn(2, 64, 5), 16)
        lowpass = attempt(utils.create_lowpass_filter, band_center=0.5, kernelLength=33, transitionBandwidth=0.03)
        if lowpass is not None:
            attempt(utils.downsampling_by_2, wav.unsqueeze(1), torch.tensor(lowpass).float().view(1, 1, -1))
            attempt(utils.downsampling_by_n, wav.unsqueeze(1), torch.tensor(lowpass).float().view(1, 1, -1), 4)
        attempt(utils.extend_fbins, torch.randn(2, 5, 3))

    return {"stft-istft": stft_family, "mel-mfcc-gammatone": mel_mfcc_gammatone, "cqt-vqt": cqt_vqt,
            "legacy-utils": legacy_and_utils}



SCENARIOS = {"transformers": transformers_scenarios, "diffusers": diffusers_scenarios, "kornia": kornia_scenarios,
             "x_transformers": x_transformers_scenarios, "monai": monai_scenarios,
             # held-out set
             "torchmetrics": torchmetrics_scenarios, "pyro": pyro_scenarios,
             "vector_quantize_pytorch": vector_quantize_pytorch_scenarios, "torchdiffeq": torchdiffeq_scenarios,
             # fresh held-out set
             "gpytorch": gpytorch_scenarios, "e3nn": e3nn_scenarios, "torch_geometric": torch_geometric_scenarios,
             "torchsde": torchsde_scenarios,
             # second fresh held-out set
             "esm": esm_scenarios, "pytorch_metric_learning": pytorch_metric_learning_scenarios,
             "torch_optimizer": torch_optimizer_scenarios, "zuko": zuko_scenarios,
             # third fresh held-out set
             "snntorch": snntorch_scenarios, "stable_baselines3": stable_baselines3_scenarios,
             "botorch": botorch_scenarios, "pytorch_tabnet": pytorch_tabnet_scenarios,
             # fourth fresh held-out set
             "captum": captum_scenarios, "torchattacks": torchattacks_scenarios,
             "torch_pruning": torch_pruning_scenarios, "nnAudio": nnaudio_scenarios}



def collect(package: str, out_dir: str) -> str:
    import importlib.metadata as md

    import torch
    from recorder import Recorder

    torch.manual_seed(0)
    spec = importlib.util.find_spec(package)
    # pytorch_tabnet ships no __init__.py: a namespace package has a search path but no origin
    pkg_dir = os.path.dirname(spec.origin) if spec.origin else list(spec.submodule_search_locations)[0]
    site_dir = os.path.dirname(pkg_dir)
    version = md.version(DIST[package])
    rec = Recorder(pkg_dir, site_dir)
    results = {}
    t0 = time.perf_counter()
    warnings.simplefilter("ignore")
    rec.start()
    try:
        scenarios = SCENARIOS[package]()  # imports the package under the recorder
        for name, fn in scenarios.items():
            try:
                fn()
                results[name] = "ok"
            except Exception as exc:  # keep going: one broken config must not lose the rest
                results[name] = f"failed: {type(exc).__name__}: {exc}"[:300]
                rec.stop()
                traceback.print_exc()
                rec.start()
    finally:
        rec.stop()
    elapsed = time.perf_counter() - t0
    data = rec.results()
    truth = {
        "schema_version": 1,
        "package": package,
        "distribution": DIST[package],
        "version": version,
        "torch": torch.__version__,
        "python": ".".join(map(str, sys.version_info[:2])),
        "paths_relative_to": "site-packages",
        "scenarios": results,
        "collect_seconds": round(elapsed, 1),
        "aliases": data["aliases"],
        "files": data["files"],
    }
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, f"{DIST[package]}-{version}.json")
    with open(path, "w") as fh:
        _dump(truth, fh)
    n_uses = sum(len(f["uses"]) for f in truth["files"].values())
    n_aux = sum(len(f["aux"]) for f in truth["files"].values())
    n_exec = sum(1 for f in truth["files"].values() if f["executed"])
    print(f"{package} {version}: {n_uses} uses, {n_aux} aux records, {n_exec} executed files, "
          f"{sum(v == 'ok' for v in results.values())}/{len(results)} scenarios ok, {elapsed:.0f}s -> {path}",
          file=sys.stderr)
    return path


def _dump(truth: dict, fh) -> None:
    """One line per file keeps the JSON diffable and compact."""
    head = {k: v for k, v in truth.items() if k != "files"}
    text = json.dumps(head, indent=1, sort_keys=False)[:-2]
    fh.write(text + ',\n "files": {\n')
    items = list(truth["files"].items())
    for i, (rel, f) in enumerate(items):
        fh.write(f"  {json.dumps(rel)}: {json.dumps(f, separators=(',', ':'))}" + (",\n" if i + 1 < len(items) else "\n"))
    fh.write(" }\n}\n")


def write_unobservable(out_dir: str) -> str:
    """Public names in the main torch namespaces that no recorder hook can see being used
    (dtypes, constants, C types such as torch.device and torch.finfo whose construction runs no Python)."""
    import types

    import torch
    from recorder import PREFERRED

    out = set()
    extra = ["torch.distributed", "torch.distributed.tensor", "torch.backends.cudnn",
             "torch.backends.mkldnn", "torch.fx"]
    out.add("torch.__version__")
    for mname in [*PREFERRED, *extra]:
        try:
            mod = torch.Tensor if mname == "torch.Tensor" else importlib.import_module(mname)
        except ImportError:
            continue
        for attr in dir(mod):
            if attr.startswith("_"):
                continue
            try:
                obj = getattr(mod, attr)
            except Exception:
                continue
            if isinstance(obj, types.ModuleType):
                continue
            if mname == "torch.Tensor":
                continue  # methods go through the torch function mode, properties are recorded as aux
            if isinstance(obj, type):
                # a constructor the recorder can see is Python code in a torch file; dataclass-made
                # __init__s (torch.distributed.tensor.Replicate) live in "<string>" and are invisible
                def _in_torch(f):
                    f = f.__func__ if isinstance(f, staticmethod) else f
                    code = getattr(f, "__code__", None)
                    return code is not None and "torch" in code.co_filename.replace("\\", "/").split("/")
                py_init = any(isinstance(c.__dict__.get(m), (types.FunctionType, staticmethod)) and
                              _in_torch(c.__dict__[m])
                              for c in obj.__mro__ if c is not object for m in ("__init__", "__new__"))
                if not py_init:
                    out.add(f"{mname}.{attr}")
            elif not callable(obj):
                out.add(f"{mname}.{attr}")
    path = os.path.join(out_dir, f"unobservable-torch-{torch.__version__.split('+')[0]}.json")
    with open(path, "w") as fh:
        json.dump({"torch": torch.__version__, "unobservable": sorted(out)}, fh, indent=0)
        fh.write("\n")
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("package", choices=sorted(SCENARIOS))
    ap.add_argument("--out", default=os.path.join(HERE, "truth"))
    args = ap.parse_args()
    if os.environ.get("PYTHONHASHSEED") != "0":  # set iteration order decides some branches (torchmetrics)
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
    collect(args.package, args.out)
    write_unobservable(args.out)


if __name__ == "__main__":
    main()
